package dev.anemometer.harness.tuning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.TuningSpec;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rendered files carry the tuned values and the pieces the stack depends on. */
class ConfigRendererTest {

  private static final List<InetSocketAddress> TWO_SERVERS =
      List.of(
          InetSocketAddress.createUnresolved("127.0.0.1", 9001),
          InetSocketAddress.createUnresolved("127.0.0.1", 9002));

  @Test
  void nginxConfigServesTheHomePageCachesImagesAndOutlastsTheLongPoll() {
    String conf =
        ConfigRenderer.nginx(
            new TierTuning.Nginx(
                0, 10_000, 64, Duration.ofSeconds(40), 256, Duration.ofMinutes(10)),
            new NginxLayout(
                "instance-0",
                8080,
                TWO_SERVERS,
                Path.of("/w/nginx.pid"),
                Path.of("/l/nginx.log"),
                Path.of("/w/temp"),
                Path.of("/w/cache"),
                Path.of("/w/www"),
                null));

    assertThat(conf)
        .contains("worker_processes auto;")
        .contains("worker_connections 10000;")
        .contains("listen 127.0.0.1:8080")
        .contains("server 127.0.0.1:9001 max_fails=0;")
        .contains("server 127.0.0.1:9002 max_fails=0;")
        .contains("keepalive 64;")
        .contains("proxy_read_timeout 40s;")
        .contains("location ~ ^/api/items/[0-9]+/images/[0-9]+")
        .contains("proxy_cache images;")
        .contains("max_size=256m inactive=600s")
        .contains("root /w/www;")
        .contains("daemon off;")
        .doesNotContain("${")
        .doesNotContain("user ");
    assertThat(conf)
        .as("operations endpoints off the entry point, but for the readiness Compose waits on")
        .containsPattern(
            "location = /actuator/health/readiness \\{\\s+proxy_pass http://backend;\\s+}")
        .containsPattern("location \\^~ /actuator \\{\\s+return 404;\\s+}");
  }

  @Test
  void haproxyConfigBalancesOnLeastConnectionsAndChecksReadiness() {
    String cfg =
        ConfigRenderer.haproxy(
            new TierTuning.Haproxy(
                TuningSpec.Balance.LEASTCONN,
                5000,
                0,
                Duration.ofSeconds(5),
                Duration.ofSeconds(55),
                Duration.ofSeconds(40),
                Duration.ofSeconds(2)),
            new HaproxyLayout(
                "instance-0",
                8081,
                TWO_SERVERS,
                Path.of("/w/haproxy.pid"),
                Path.of("/w/haproxy.sock")));

    assertThat(cfg)
        .contains("balance leastconn")
        .contains("maxconn 5000")
        .contains("timeout server 40000ms")
        .contains("timeout client 55000ms")
        .contains("option httpchk GET /actuator/health/readiness")
        .contains("stats socket /w/haproxy.sock mode 600 level admin")
        .contains("server app0 127.0.0.1:9001 check")
        .contains("server app1 127.0.0.1:9002 check")
        .contains("inter 2000ms")
        .doesNotContain("${");
  }

  @Test
  void haproxyRendersDisabledSlotsForServersThatJoinLater() {
    String cfg =
        ConfigRenderer.haproxy(
            new TierTuning.Haproxy(
                TuningSpec.Balance.LEASTCONN,
                5000,
                0,
                Duration.ofSeconds(5),
                Duration.ofSeconds(55),
                Duration.ofSeconds(40),
                Duration.ofSeconds(2)),
            new HaproxyLayout(
                "instance-0",
                8081,
                TWO_SERVERS,
                Path.of("/w/haproxy.pid"),
                Path.of("/w/haproxy.sock"),
                4));

    assertThat(cfg)
        .contains("server app1 127.0.0.1:9002 check\n")
        .contains("server app2 127.0.0.1:9 check disabled")
        .contains("server app3 127.0.0.1:9 check disabled")
        .doesNotContain("app4");
  }

  @Test
  void postgresSettingsCarryTheTuningAndExtraSettings() {
    TierTuning.Postgres tuning =
        new TierTuning.Postgres(
            4096,
            1024,
            2662,
            54,
            TuningSpec.SynchronousCommit.ON,
            8,
            Map.of("max_wal_size", "2GB"));

    assertThat(ConfigRenderer.postgresSettings(tuning))
        .containsEntry("shared_buffers", "1024MB")
        .containsEntry("effective_cache_size", "2662MB")
        .containsEntry("max_connections", "54")
        .containsEntry("synchronous_commit", "on")
        .containsEntry("work_mem", "8MB")
        .containsEntry("max_wal_size", "2GB");
    assertThat(ConfigRenderer.postgres(tuning, "instance-0", 5433))
        .contains("port = 5433")
        .contains("shared_buffers = 1024MB")
        .contains("max_wal_size = '2GB'");
  }

  @Test
  void appPropertiesUseTheAppsPropertyNamesAndTheJvmGetsHeapAndGc() {
    TierTuning.App tuning =
        new TierTuning.App(
            768,
            TuningSpec.Gc.G1,
            TuningSpec.Concurrency.AUTO,
            200,
            20,
            3000,
            Duration.ofSeconds(30),
            List.of("-XX:+AlwaysPreTouch"),
            Map.of("anemometer.live-auction.open-duration", "5s"));

    assertThat(ConfigRenderer.appProperties(tuning, 9001, "jdbc:postgresql://h/db", "u", "secret"))
        .containsEntry("server.port", "9001")
        .containsEntry("anemometer.database.url", "jdbc:postgresql://h/db")
        .containsEntry("anemometer.database.pool-size", "20")
        .containsEntry("anemometer.concurrency.threads", "AUTO")
        .containsEntry("anemometer.cache.max-users", "3000")
        .containsEntry("anemometer.live-auction.poll-timeout", "30s")
        .containsEntry("anemometer.live-auction.open-duration", "5s");
    assertThat(ConfigRenderer.appJvmOptions(tuning))
        .containsExactly(
            "-Xms768m",
            "-Xmx768m",
            "-XX:+UseG1GC",
            "-XX:+ExitOnOutOfMemoryError",
            "-XX:+AlwaysPreTouch");
    assertThat(
            ConfigRenderer.appPropertiesFile(
                "instance-0",
                "app-0",
                List.of("java"),
                Map.of("anemometer.database.password", "secret")))
        .contains("anemometer.database.password=********")
        .doesNotContain("secret");
  }

  @Test
  void appPropertiesNamingASecretAreMaskedInTheSavedCommandAndFile() {
    Map<String, String> properties = new java.util.LinkedHashMap<>();
    properties.put("spring.mail.password", "p4ss-value");
    properties.put("my.api.Token", "tok-value");
    properties.put("oauth.client-secret", "sec-value");
    properties.put("server.port", "8080");

    String saved =
        ConfigRenderer.appPropertiesFile(
            "instance-0",
            "app-0",
            List.of(
                "java",
                "-Dvault.token=jvm-tok-value",
                "-jar",
                "app.jar",
                "--spring.mail.password=p4ss-value",
                "--my.api.Token=tok-value",
                "--oauth.client-secret=sec-value",
                "--server.port=8080"),
            properties);

    assertThat(saved)
        .doesNotContain("p4ss-value", "tok-value", "sec-value", "jvm-tok-value")
        .contains("--spring.mail.password=********")
        .contains("-Dvault.token=********")
        .contains("my.api.Token=********")
        .contains("--server.port=8080")
        .contains("server.port=8080");
  }

  @Test
  void aPasswordInsideTheJdbcUrlIsMaskedInTheSavedCommandAndFile() {
    String url = "jdbc:postgresql://bench:in-userinfo@db.lab/auction?password=in-query";
    Map<String, String> properties = new java.util.LinkedHashMap<>();
    properties.put("anemometer.database.url", url);
    properties.put("spring.datasource.url", url);

    String saved =
        ConfigRenderer.appPropertiesFile(
            "instance-0",
            "app-0",
            List.of("java", "-jar", "app.jar", "--anemometer.database.url=" + url, url),
            properties);

    assertThat(saved)
        .doesNotContain("in-userinfo", "in-query")
        .contains(
            "--anemometer.database.url=jdbc:postgresql://bench:********@db.lab/auction"
                + "?password=********")
        .contains(
            "spring.datasource.url=jdbc:postgresql://bench:********@db.lab/auction"
                + "?password=********");
  }
}
