package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.TierExit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Every process of one deployment, stopped in reverse start order: web before load balancer before
 * app servers before the database. A shutdown hook stops them on Ctrl-C or a crash unless the
 * deployment was deliberately left running.
 */
public final class ProcessGroup implements AutoCloseable {

  private final List<ManagedProcess> processes = new ArrayList<>();
  private final List<Duration> graces = new ArrayList<>();
  private final Thread shutdownHook = new Thread(this::stopAll, "anemometer-stop-tiers");
  private boolean hookInstalled;
  private boolean detached;
  private Consumer<TierExit> exitListener;

  public synchronized void add(ManagedProcess process, Duration grace) {
    if (!hookInstalled) {
      Runtime.getRuntime().addShutdownHook(shutdownHook);
      hookInstalled = true;
    }
    processes.add(process);
    graces.add(grace);
    if (exitListener != null) {
      process.watch(exitListener);
    }
  }

  /**
   * Reports every process of the group, those added later included, that ends when nothing planned
   * it: a stop, a replacement or a fault's {@link ManagedProcess#kill} plan their ends.
   */
  public synchronized void watch(Consumer<TierExit> listener) {
    exitListener = listener;
    processes.forEach(process -> process.watch(listener));
  }

  public synchronized List<ManagedProcess> processes() {
    return List.copyOf(processes);
  }

  /** Stops and forgets one process (a scaled-down app server, a killed tier). */
  public void stop(ManagedProcess process) {
    Duration grace;
    synchronized (this) {
      int index = processes.indexOf(process);
      if (index < 0) {
        return;
      }
      grace = graces.remove(index);
      processes.remove(index);
    }
    process.stop(grace);
  }

  /**
   * Puts a restarted process in the place of the one it replaces (already stopped or killed), so
   * that teardown keeps the tier order.
   */
  public synchronized void replace(ManagedProcess old, ManagedProcess started, Duration grace) {
    int index = processes.indexOf(old);
    if (index < 0) {
      add(started, grace);
      return;
    }
    processes.set(index, started);
    graces.set(index, grace);
    if (exitListener != null) {
      started.watch(exitListener);
    }
  }

  /** Leaves every process running when this JVM exits (deploy). */
  public synchronized void detach() {
    detached = true;
    exitListener = null;
    processes.clear();
    graces.clear();
    removeHook();
  }

  public void stopAll() {
    while (true) {
      ManagedProcess last;
      synchronized (this) {
        if (processes.isEmpty() || detached) {
          return;
        }
        last = processes.get(processes.size() - 1);
      }
      stop(last);
    }
  }

  @Override
  public void close() {
    stopAll();
    synchronized (this) {
      removeHook();
    }
  }

  private void removeHook() {
    if (hookInstalled) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or about to: it does the same work
      }
      hookInstalled = false;
    }
  }
}
