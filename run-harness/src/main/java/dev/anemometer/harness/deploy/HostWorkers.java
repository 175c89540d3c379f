package dev.anemometer.harness.deploy;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

/**
 * Driver worker JVMs started on this host ({@code driver.workers: N}), whatever the target: what
 * the load phase needs of them. Closing stops them.
 */
public interface HostWorkers extends AutoCloseable {

  /** Starts workers on this host; the load phase is handed one by whoever runs it. */
  @FunctionalInterface
  interface Starter {

    /**
     * Starts {@code count} workers and waits until each listens.
     *
     * @param token goes through the environment, never the command line
     * @param targetHosts the hosts the workers may load besides loopback
     * @param logsDir where each worker's output goes
     */
    HostWorkers start(int count, String token, Collection<String> targetHosts, Path logsDir);
  }

  /** One started worker. */
  interface Worker {

    /** {@code host:port} of its control API. */
    String address();

    /** {@code driver worker 1 (127.0.0.1:40123, pid 4711)}. */
    String describe();

    /** Its process's name in events and exits ({@code driver-worker-1}). */
    String processName();

    long pid();

    Path log();

    /** Its exit code if it has ended or ends within two seconds, else null. */
    Integer exitCodeSoon();
  }

  List<? extends Worker> workers();

  /** Tells {@code listener} of a worker that ends when nothing planned it (a crash, a kill). */
  void watch(Consumer<TierExit> listener);

  /** The worker a process exit is about. */
  Worker worker(TierExit exit);

  @Override
  void close();
}
