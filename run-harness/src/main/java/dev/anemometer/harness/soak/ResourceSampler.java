package dev.anemometer.harness.soak;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.harness.config.SoakSpec;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Samples every tier's resources every {@code soak.every} while the load runs, from its start to
 * its end (one sample at each), into {@code resources.csv}. Sample times count from the driver's
 * start, as its interval lines do, so that the report draws both on one time axis.
 */
public final class ResourceSampler implements RunListener, AutoCloseable {

  private final ResourceProbe probe;
  private final ResourcesCsv csv;
  private final Duration every;
  private final Clock clock;
  private final List<DeployedStack.DatabaseAccess> databases;
  private final Consumer<String> notice;
  private ScheduledExecutorService scheduler;
  private volatile long startNanos;
  private volatile boolean finished;

  ResourceSampler(
      ResourceProbe probe,
      ResourcesCsv csv,
      Duration every,
      Clock clock,
      List<DeployedStack.DatabaseAccess> databases,
      Consumer<String> notice) {
    this.probe = probe;
    this.csv = csv;
    this.every = every;
    this.clock = clock;
    this.databases = List.copyOf(databases);
    this.notice = notice;
  }

  /**
   * A sampler of the stack's tier processes, app servers and databases writing into {@code
   * resultsDir}; empty where the target does not report its tier processes (only the local target
   * does, for now).
   */
  public static Optional<ResourceSampler> of(
      SoakSpec soak, DeployedStack stack, Path resultsDir, Consumer<String> notice) {
    if (stack.tierProcesses().isEmpty()) {
      return Optional.empty();
    }
    List<DeployedStack.DatabaseAccess> accesses = new ArrayList<>();
    List<ResourceProbe.Database> databases = new ArrayList<>();
    for (DeployedInstance instance : stack.instances()) {
      stack
          .database(instance)
          .ifPresent(
              access -> {
                accesses.add(access);
                databases.add(new ResourceProbe.Database(instance.index(), access.endpoint()));
              });
    }
    ResourceProbe probe =
        new ResourceProbe(
            stack.tierProcesses().get(),
            stack::metricsUrl,
            databases,
            ProcessTreeMemory.host(),
            notice);
    return Optional.of(
        new ResourceSampler(
            probe,
            ResourcesCsv.create(resultsDir.resolve(ResourcesCsv.FILE)),
            soak.every(),
            Clock.systemUTC(),
            accesses,
            notice));
  }

  @Override
  public void onStart(RunSpec spec) {
    startNanos = System.nanoTime();
    scheduler =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "anemometer-soak-sampler");
              thread.setDaemon(true);
              return thread;
            });
    scheduler.scheduleAtFixedRate(this::sampleQuietly, 0, every.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void onUsersChanged(String targetId, long elapsedMillis, int users, LoadPhase phase) {
    alignStart(elapsedMillis);
  }

  @Override
  public void onStatus(StatusReport report) {
    alignStart(report.elapsedMillis());
  }

  /**
   * The driver's clock started before {@code onStart}: every elapsed time it reports says by how
   * much.
   */
  private void alignStart(long elapsedMillis) {
    startNanos = Math.min(startNanos, System.nanoTime() - elapsedMillis * 1_000_000);
  }

  /** The last sample, at the end of the load. */
  @Override
  public void onFinish(RunResult result) {
    stopSampling();
    sampleQuietly();
  }

  private synchronized void sampleQuietly() {
    if (finished) {
      return;
    }
    try {
      double loadSeconds = (System.nanoTime() - startNanos) / 1e9;
      List<ResourceRow> rows = probe.sample(loadSeconds, clock.instant());
      csv.append(rows);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // One lost sample is a gap in the charts; the run goes on.
      notice.accept("soak sampler: a sample failed (" + e.getMessage() + ")");
    }
  }

  private void stopSampling() {
    ScheduledExecutorService running = scheduler;
    if (running != null) {
      running.shutdown();
      try {
        running.awaitTermination(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Stops sampling, closes the file and the database accesses; the last sample is kept. */
  @Override
  public void close() {
    stopSampling();
    synchronized (this) {
      finished = true;
      csv.close();
    }
    databases.forEach(DeployedStack.DatabaseAccess::close);
  }
}
