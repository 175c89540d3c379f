package dev.anemometer.harness.deploygen;

import dev.anemometer.harness.tuning.ConfigRenderer;
import dev.anemometer.harness.tuning.HaproxyLayout;
import dev.anemometer.harness.tuning.NginxLayout;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The nginx, HAProxy, PostgreSQL and app configuration files for containers, rendered from the same
 * templates and tuning as the local target. Only what differs in a container is changed here: every
 * tier listens on all interfaces at a fixed port, and peers are found by service name.
 */
public final class ContainerConfigs {

  public static final int HTTP_PORT = 8080;
  public static final int POSTGRES_PORT = 5432;
  public static final String DATABASE = "anemometer";
  public static final String DATABASE_USER = "anemometer";

  /** HAProxy server slots: app servers beyond the configured ones fill them when scaled up. */
  static final int MIN_SERVER_SLOTS = 8;

  /**
   * A container's descriptor limit is the engine's, which HAProxy cannot raise: it warns in its log
   * rather than refusing to start when that limit is below what {@code maxconn} asks for.
   */
  static final String NO_STRICT_LIMITS =
      "    # The engine sets the descriptor limit: below maxconn's need, warn instead of exiting.\n"
          + "    no strict-limits\n";

  private ContainerConfigs() {}

  public static String nginx(StackModel model, String appHost) {
    String[] upstream = model.webUpstream(appHost).split(":");
    NginxLayout layout =
        new NginxLayout(
            model.instanceName(),
            HTTP_PORT,
            List.of(InetSocketAddress.createUnresolved(upstream[0], Integer.parseInt(upstream[1]))),
            Path.of("/tmp/nginx.pid"),
            Path.of("/dev/stderr"),
            Path.of("/var/cache/nginx"),
            Path.of("/var/cache/nginx/images"),
            Path.of("/usr/share/nginx/html"),
            "nginx");
    return ConfigRenderer.nginx(model.tuning().nginx(), layout)
        .replace("listen 127.0.0.1:" + HTTP_PORT, "listen " + HTTP_PORT);
  }

  /** App servers HAProxy can route to: the most a scale-up can add without a new config file. */
  public static int haproxySlots(StackModel model) {
    return Math.max(MIN_SERVER_SLOTS, model.maxAppServers());
  }

  /**
   * The most app servers elasticity can reach without a new configuration: HAProxy's slots, or the
   * schedule's peak when the web tier forwards to the app service itself.
   */
  public static int scalableAppServers(StackModel model) {
    return model.hasLb() ? haproxySlots(model) : model.maxAppServers();
  }

  /**
   * The engine's DNS finds the app containers. A resolution that times out or fails keeps the
   * addresses last seen for five minutes (health checks still take a dead server out): podman's DNS
   * once stopped answering for over 30 s, HAProxy's default, while a container joined the network,
   * and every server went to maintenance at once (ComposeEngineIT, 83 failed operations).
   */
  private static final String RESOLVERS =
      """

      resolvers dns
          parse-resolv-conf
          hold valid 5s
          hold timeout 300s
          hold refused 300s
          hold other 300s
      """;

  /**
   * HAProxy finds app servers through DNS ({@code server-template}), so that {@code docker compose
   * --scale} and a scaled Deployment add servers without a new configuration file.
   */
  public static String haproxy(StackModel model, String appHost) {
    HaproxyLayout layout =
        new HaproxyLayout(
            model.instanceName(),
            HTTP_PORT,
            List.of(InetSocketAddress.createUnresolved(appHost, HTTP_PORT)),
            Path.of("/tmp/haproxy.pid"),
            Path.of("/tmp/haproxy.sock"));
    int slots = haproxySlots(model);
    String rendered = ConfigRenderer.haproxy(model.tuning().haproxy(), layout);
    String single = "    server " + HaproxyLayout.serverName(0) + " " + appHost + ":" + HTTP_PORT;
    String template =
        "    server-template app 1-"
            + slots
            + " "
            + appHost
            + ":"
            + HTTP_PORT
            + " resolvers dns init-addr none";
    return rendered
            .replace("\nglobal\n", "\nglobal\n" + NO_STRICT_LIMITS)
            .replace("bind 127.0.0.1:" + HTTP_PORT, "bind :" + HTTP_PORT)
            .replace(single, template)
        + RESOLVERS;
  }

  public static String postgres(StackModel model) {
    return ConfigRenderer.postgres(model.tuning().postgres(), model.instanceName(), POSTGRES_PORT)
        .replace("listen_addresses = '127.0.0.1'", "listen_addresses = '*'");
  }

  /**
   * The app's Spring properties without the database coordinates, which come from the environment
   * (the password from a secret) so that this file can be shown and saved with the results.
   */
  public static String appProperties(StackModel model) {
    Map<String, String> properties =
        new TreeMap<>(
            ConfigRenderer.appProperties(model.tuning().app(), HTTP_PORT, jdbcUrl(), "", ""));
    properties
        .keySet()
        .removeIf(
            key -> key.endsWith(".url") || key.endsWith(".username") || key.endsWith(".password"));
    properties.put("server.address", "0.0.0.0");
    StringBuilder text =
        new StringBuilder("# Spring properties of the ")
            .append(model.instanceName())
            .append(
                " app servers, rendered by Anemometer; database coordinates come from the environment.\n");
    properties.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
    return text.toString();
  }

  /**
   * A restarted container may come back at another address under the same name (podman gives a
   * restarted PostgreSQL a new one): the app looks names up again after a second, not the JVM's
   * default 30, so that its pool reconnects as soon as the database answers.
   */
  static final String DNS_TTL = "-Dsun.net.inetaddr.ttl=1";

  public static String jvmOptions(StackModel model) {
    return String.join(" ", ConfigRenderer.appJvmOptions(model.tuning().app())) + " " + DNS_TTL;
  }

  public static String jdbcUrl() {
    return "jdbc:postgresql://postgres:" + POSTGRES_PORT + "/" + DATABASE;
  }
}
