package dev.anemometer.harness.soak;

import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.TierProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Takes one sample of every tier: each tier process's tree from {@code /proc}, each app server's
 * JVM from its metrics endpoint, each app instance's database over JDBC. A source that does not
 * answer (a server being restarted by a fault) is missing from that sample, said once.
 */
final class ResourceProbe {

  private static final Duration TIMEOUT = Duration.ofSeconds(3);

  /** The database of app instance {@code appInstance}, as the harness reaches it. */
  record Database(int appInstance, DatabaseEndpoint endpoint) {}

  private final Supplier<List<TierProcess>> processes;
  private final Function<TierProcess, Optional<URI>> metricsUrl;
  private final List<Database> databases;
  private final ProcessTreeMemory memory;
  private final HttpClient http;
  private final Consumer<String> notice;
  private final Set<String> said = ConcurrentHashMap.newKeySet();

  /**
   * @param metricsUrl an app server's Prometheus endpoint; empty for the other tiers
   * @param notice told, once per source, that it did not answer
   */
  ResourceProbe(
      Supplier<List<TierProcess>> processes,
      Function<TierProcess, Optional<URI>> metricsUrl,
      List<Database> databases,
      ProcessTreeMemory memory,
      Consumer<String> notice) {
    this.processes = processes;
    this.metricsUrl = metricsUrl;
    this.databases = List.copyOf(databases);
    this.memory = memory;
    this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    this.notice = notice;
  }

  List<ResourceRow> sample(double loadSeconds, Instant time) throws InterruptedException {
    Rows rows = new Rows(loadSeconds, time.toString());
    List<TierProcess> tierProcesses = processes.get();
    // Every app server is asked at once: an overloaded one answers late, the others need not wait.
    Map<TierProcess, CompletableFuture<Optional<JvmMetrics>>> jvms = new LinkedHashMap<>();
    for (TierProcess process : tierProcesses) {
      metricsUrl.apply(process).ifPresent(url -> jvms.put(process, jvm(process, url)));
    }
    for (TierProcess process : tierProcesses) {
      String instance = "instance-" + process.appInstance();
      memory.usage(process.pid()).ifPresent(tree -> addTree(rows, instance, process, tree));
      CompletableFuture<Optional<JvmMetrics>> jvm = jvms.get(process);
      if (jvm != null) {
        join(jvm).ifPresent(metrics -> addJvm(rows, instance, process, metrics));
      }
    }
    for (Database database : databases) {
      String instance = "instance-" + database.appInstance();
      try {
        DatabaseUsage usage = DatabaseUsage.read(database.endpoint());
        rows.add(instance, "db", "database", Metric.CONNECTIONS, usage.connections());
        rows.add(instance, "db", "database", Metric.DATABASE_SIZE, usage.databaseBytes());
        for (Map.Entry<String, DatabaseUsage.Table> table : usage.tables().entrySet()) {
          rows.add(instance, "db", table.getKey(), Metric.TABLE_SIZE, table.getValue().bytes());
          rows.add(instance, "db", table.getKey(), Metric.DEAD_ROWS, table.getValue().deadRows());
        }
      } catch (SQLException e) {
        once(instance + " database", "did not answer (" + e.getMessage() + ")");
      }
    }
    return rows.list;
  }

  private static void addTree(
      Rows rows, String instance, TierProcess process, ProcessTreeMemory.TreeUsage tree) {
    rows.add(instance, process.tier(), process.name(), Metric.RSS, tree.rssBytes());
    tree.pssBytes()
        .ifPresent(pss -> rows.add(instance, process.tier(), process.name(), Metric.PSS, pss));
    tree.anonPssBytes()
        .ifPresent(anon -> rows.add(instance, process.tier(), process.name(), Metric.ANON, anon));
    rows.add(instance, process.tier(), process.name(), Metric.OPEN_FILES, tree.openFiles());
    rows.add(instance, process.tier(), process.name(), Metric.PROCESSES, tree.processes());
  }

  private static void addJvm(Rows rows, String instance, TierProcess process, JvmMetrics jvm) {
    add(rows, instance, process, Metric.HEAP_AFTER_GC, jvm.heapAfterGcBytes());
    add(rows, instance, process, Metric.HEAP_USED, jvm.heapUsedBytes());
    add(rows, instance, process, Metric.THREADS, jvm.threads());
    add(rows, instance, process, Metric.OLD_COLLECTIONS, jvm.oldCollections());
  }

  private static void add(
      Rows rows, String instance, TierProcess process, Metric metric, OptionalDouble value) {
    value.ifPresent(v -> rows.add(instance, process.tier(), process.name(), metric, v));
  }

  private CompletableFuture<Optional<JvmMetrics>> jvm(TierProcess process, URI url) {
    return http.sendAsync(
            HttpRequest.newBuilder(url).timeout(TIMEOUT).GET().build(),
            HttpResponse.BodyHandlers.ofString())
        .handle(
            (response, failure) -> {
              if (failure != null) {
                Throwable cause = failure.getCause() == null ? failure : failure.getCause();
                once(
                    process.name() + " metrics",
                    url + " did not answer (" + cause.getMessage() + ")");
                return Optional.<JvmMetrics>empty();
              }
              if (response.statusCode() != 200) {
                once(process.name() + " metrics", url + " answered " + response.statusCode());
                return Optional.<JvmMetrics>empty();
              }
              try {
                return Optional.of(JvmMetrics.parse(response.body()));
              } catch (IllegalArgumentException e) {
                once(process.name() + " metrics", url + " sent " + e.getMessage());
                return Optional.<JvmMetrics>empty();
              }
            });
  }

  private static Optional<JvmMetrics> join(CompletableFuture<Optional<JvmMetrics>> jvm)
      throws InterruptedException {
    try {
      return jvm.get();
    } catch (ExecutionException e) {
      return Optional.empty();
    }
  }

  private void once(String source, String what) {
    if (said.add(source)) {
      notice.accept("soak sampler: " + source + " " + what + "; missing from that sample");
    }
  }

  /** The rows of one sample, all at its time. */
  private static final class Rows {
    final List<ResourceRow> list = new ArrayList<>();
    final double loadSeconds;
    final String time;

    Rows(double loadSeconds, String time) {
      this.loadSeconds = loadSeconds;
      this.time = time;
    }

    void add(String instance, String tier, String source, Metric metric, double value) {
      list.add(new ResourceRow(loadSeconds, time, instance, tier, source, metric.column(), value));
    }
  }
}
