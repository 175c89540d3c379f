package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.HostWorkers;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.deploy.TierStartException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The driver's worker JVMs on this host ({@code driver.workers: N}), each on a free loopback port
 * with the run's token, in a process group of their own like the tiers: every way the run ends (and
 * Ctrl-C, through the group's shutdown hook) stops them.
 */
public final class WorkerProcesses implements HostWorkers {

  /** A JVM start on a loaded two-core machine. */
  static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  /** A worker stops its users at once; the rest is the JVM's exit. */
  static final Duration STOP_GRACE = Duration.ofSeconds(10);

  /** How long a worker whose control API broke off may take to be seen ending. */
  private static final Duration EXIT_SEEN_WITHIN = Duration.ofSeconds(2);

  /**
   * One started worker.
   *
   * @param index its place among the workers, from 0
   * @param port its control API on loopback
   */
  public record Worker(int index, int port, ManagedProcess process) implements HostWorkers.Worker {

    @Override
    public String address() {
      return Ports.LOOPBACK + ":" + port;
    }

    @Override
    public String describe() {
      return "driver worker " + index + " (" + address() + ", pid " + process.pid() + ")";
    }

    @Override
    public String processName() {
      return process.name();
    }

    @Override
    public long pid() {
      return process.pid();
    }

    @Override
    public Path log() {
      return process.log();
    }

    @Override
    public Integer exitCodeSoon() {
      try {
        process.handle().onExit().get(EXIT_SEEN_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        return process.waitForExit();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      } catch (Exception stillRunning) {
        return null;
      }
    }
  }

  private final ProcessGroup group = new ProcessGroup();
  private final List<Worker> workers = new ArrayList<>();

  private WorkerProcesses() {}

  /**
   * Starts {@code count} workers at once and waits until each listens; if one does not, every one
   * is stopped and the start fails.
   *
   * @param token goes through the environment, never the command line, so no process list shows it
   * @param targetHosts the hosts of the deployed entry points: a worker loads no other host but
   *     loopback
   */
  public static WorkerProcesses start(
      int count, String token, Collection<String> targetHosts, Path logsDir) {
    WorkerProcesses started = new WorkerProcesses();
    try {
      for (int i = 0; i < count; i++) {
        int port = Ports.freeLoopbackPort();
        List<String> arguments =
            new ArrayList<>(
                List.of("worker", "--bind", Ports.LOOPBACK, "--port", String.valueOf(port)));
        if (!targetHosts.isEmpty()) {
          arguments.addAll(List.of("--allow-target", String.join(",", targetHosts)));
        }
        ManagedProcess process =
            ManagedProcess.start(
                "driver-worker-" + i,
                DriverLauncher.command(Executables.java(), arguments),
                Map.of("ANEMOMETER_DRIVER_TOKEN", token),
                logsDir.resolve("worker-" + i + ".log"));
        started.group.add(process, STOP_GRACE);
        started.workers.add(new Worker(i, port, process));
      }
      for (Worker worker : started.workers) {
        ReadyCheck.awaitTcp(worker.process(), worker.port(), START_TIMEOUT);
      }
      return started;
    } catch (IOException e) {
      started.close();
      throw new UncheckedIOException("cannot start a driver worker", e);
    } catch (RuntimeException e) {
      started.close();
      throw e;
    }
  }

  @Override
  public List<Worker> workers() {
    return List.copyOf(workers);
  }

  @Override
  public void watch(Consumer<TierExit> listener) {
    group.watch(listener);
  }

  @Override
  public Worker worker(TierExit exit) {
    return workers.stream()
        .filter(worker -> worker.process().name().equals(exit.process()))
        .findFirst()
        .orElseThrow(() -> new TierStartException("no driver worker is " + exit.describe()));
  }

  @Override
  public void close() {
    group.close();
  }
}
