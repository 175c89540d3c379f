package dev.anemometer.harness.tuning;

import dev.anemometer.driver.syntax.DurationSyntax;
import dev.anemometer.harness.config.SecretKeys;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Renders the real configuration files of each tier from the templates and resolved tuning. */
public final class ConfigRenderer {

  private ConfigRenderer() {}

  public static String nginx(TierTuning.Nginx tuning, NginxLayout layout) {
    Map<String, Object> values = new HashMap<>();
    values.put("instanceName", layout.instanceName());
    values.put(
        "userDirective", layout.workerUser() == null ? "" : "user " + layout.workerUser() + ";");
    values.put(
        "workerProcesses", tuning.workerProcesses() == 0 ? "auto" : tuning.workerProcesses());
    values.put("workerConnections", tuning.workerConnections());
    values.put("pidFile", layout.pidFile());
    values.put("errorLog", layout.errorLog());
    values.put("tempDir", layout.tempDir());
    values.put("cacheDir", layout.cacheDir());
    values.put("staticDir", layout.staticDir());
    values.put("imageCacheMegabytes", tuning.imageCacheMegabytes());
    values.put("imageCacheValidity", seconds(tuning.imageCacheValidity()));
    values.put("upstreamKeepalive", tuning.upstreamKeepalive());
    values.put("proxyTimeout", seconds(tuning.proxyTimeout()));
    values.put("listenPort", layout.listenPort());
    StringBuilder servers = new StringBuilder();
    for (InetSocketAddress upstream : layout.upstreams()) {
      servers.append("        server ").append(hostPort(upstream)).append(" max_fails=0;\n");
    }
    values.put("upstreamServers", servers.toString().stripTrailing());
    return Template.load("nginx.conf").render(values);
  }

  public static String haproxy(TierTuning.Haproxy tuning, HaproxyLayout layout) {
    Map<String, Object> values = new HashMap<>();
    values.put("instanceName", layout.instanceName());
    values.put("maxconn", tuning.maxconn());
    values.put("pidFile", layout.pidFile());
    values.put("statsSocket", layout.statsSocket());
    values.put("timeoutConnect", millis(tuning.timeoutConnect()));
    values.put("timeoutClient", millis(tuning.timeoutClient()));
    values.put("timeoutServer", millis(tuning.timeoutServer()));
    values.put("checkInterval", millis(tuning.checkInterval()));
    values.put("listenPort", layout.listenPort());
    values.put("balance", tuning.balance().configName());
    values.put(
        "serverMaxconn", tuning.serverMaxconn() == 0 ? "" : " maxconn " + tuning.serverMaxconn());
    StringBuilder servers = new StringBuilder();
    List<InetSocketAddress> apps = layout.appServers();
    for (int i = 0; i < apps.size(); i++) {
      servers
          .append("    server ")
          .append(HaproxyLayout.serverName(i))
          .append(' ')
          .append(hostPort(apps.get(i)))
          .append(" check\n");
    }
    for (int i = apps.size(); i < layout.serverSlots(); i++) {
      servers
          .append("    server ")
          .append(HaproxyLayout.serverName(i))
          .append(' ')
          .append(HaproxyLayout.PLACEHOLDER)
          .append(" check disabled\n");
    }
    values.put("servers", servers.toString().stripTrailing());
    return Template.load("haproxy.cfg").render(values);
  }

  /** The server settings, in the order they appear in the rendered {@code postgresql.conf}. */
  public static Map<String, String> postgresSettings(TierTuning.Postgres tuning) {
    Map<String, String> settings = new TreeMap<>();
    settings.put("max_connections", String.valueOf(tuning.maxConnections()));
    settings.put("shared_buffers", tuning.sharedBuffersMegabytes() + "MB");
    settings.put("effective_cache_size", tuning.effectiveCacheSizeMegabytes() + "MB");
    settings.put("work_mem", tuning.workMemMegabytes() + "MB");
    settings.put("synchronous_commit", tuning.synchronousCommit().configName());
    settings.putAll(tuning.settings());
    return settings;
  }

  public static String postgres(TierTuning.Postgres tuning, String instanceName, int port) {
    Map<String, Object> values = new HashMap<>();
    values.put("instanceName", instanceName);
    values.put("memoryMegabytes", tuning.memoryMegabytes());
    values.put("port", port);
    values.put("maxConnections", tuning.maxConnections());
    values.put("sharedBuffersMegabytes", tuning.sharedBuffersMegabytes());
    values.put("effectiveCacheSizeMegabytes", tuning.effectiveCacheSizeMegabytes());
    values.put("workMemMegabytes", tuning.workMemMegabytes());
    values.put("synchronousCommit", tuning.synchronousCommit().configName());
    StringBuilder extra = new StringBuilder();
    new TreeMap<>(tuning.settings())
        .forEach((key, value) -> extra.append(key).append(" = '").append(value).append("'\n"));
    values.put("extraSettings", extra.toString());
    return Template.load("postgresql.conf").render(values);
  }

  /** The Spring properties of one app server; extra properties from the config win. */
  public static Map<String, String> appProperties(
      TierTuning.App tuning, int port, String jdbcUrl, String user, String password) {
    Map<String, String> properties = new TreeMap<>();
    properties.put("server.port", String.valueOf(port));
    properties.put("server.address", "127.0.0.1");
    properties.put("anemometer.database.url", jdbcUrl);
    properties.put("anemometer.database.username", user);
    properties.put("anemometer.database.password", password == null ? "" : password);
    properties.put("anemometer.database.pool-size", String.valueOf(tuning.hikariPoolSize()));
    // The standard Spring names too, so the values hold whichever names the app's YAML maps.
    properties.put("spring.datasource.url", jdbcUrl);
    properties.put("spring.datasource.username", user);
    properties.put(
        "spring.datasource.hikari.maximum-pool-size", String.valueOf(tuning.hikariPoolSize()));
    properties.put(
        "anemometer.concurrency.threads",
        tuning.concurrency().configName().toUpperCase(Locale.ROOT));
    properties.put("anemometer.concurrency.max-threads", String.valueOf(tuning.maxThreads()));
    properties.put("anemometer.cache.max-users", String.valueOf(tuning.cacheMaxUsers()));
    properties.put(
        "anemometer.live-auction.poll-timeout", DurationSyntax.format(tuning.longPollTimeout()));
    properties.putAll(tuning.properties());
    return properties;
  }

  /** JVM options of one app server: heap, GC, then whatever the config adds. */
  public static List<String> appJvmOptions(TierTuning.App tuning) {
    List<String> options = new java.util.ArrayList<>();
    options.add("-Xms" + tuning.heapMegabytes() + "m");
    options.add("-Xmx" + tuning.heapMegabytes() + "m");
    options.add("-XX:+Use" + tuning.gc().configName() + "GC");
    options.add("-XX:+ExitOnOutOfMemoryError");
    options.addAll(tuning.jvmOptions());
    return options;
  }

  public static String appPropertiesFile(
      String instanceName, String serverName, List<String> command, Map<String, String> props) {
    StringBuilder lines = new StringBuilder();
    props.forEach(
        (key, value) ->
            lines.append(key).append('=').append(SecretKeys.shown(key, value)).append('\n'));
    return Template.load("app.properties")
        .render(
            Map.of(
                "instanceName",
                instanceName,
                "serverName",
                serverName,
                "jvmCommand",
                String.join(" ", command.stream().map(SecretKeys::shownArgument).toList()),
                "properties",
                lines.toString()));
  }

  private static String hostPort(InetSocketAddress address) {
    return address.getHostString() + ":" + address.getPort();
  }

  private static String seconds(Duration duration) {
    return Math.max(1, duration.toSeconds()) + "s";
  }

  private static String millis(Duration duration) {
    return duration.toMillis() + "ms";
  }
}
