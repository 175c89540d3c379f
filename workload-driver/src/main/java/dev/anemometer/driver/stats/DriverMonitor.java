package dev.anemometer.driver.stats;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.http.MonitoredExecutors;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Self-monitoring of one driver node: event-loop lag on the given executors (and on a thread of its
 * own, which also catches GC pauses and CPU starvation) plus process CPU.
 */
public final class DriverMonitor implements HealthSource {

  private final EventLoopLagProbe lagProbe;
  private final ProcessCpuProbe cpuProbe;
  private final ScheduledExecutorService ownThread;

  DriverMonitor(EventLoopLagProbe lagProbe, ProcessCpuProbe cpuProbe) {
    this(lagProbe, cpuProbe, null);
  }

  private DriverMonitor(
      EventLoopLagProbe lagProbe, ProcessCpuProbe cpuProbe, ScheduledExecutorService ownThread) {
    this.lagProbe = lagProbe;
    this.cpuProbe = cpuProbe;
    this.ownThread = ownThread;
  }

  /**
   * Starts watching this process and, when the client exposes them (see {@link
   * MonitoredExecutors}), its event loops.
   */
  public static DriverMonitor watching(HttpClient httpClient) {
    return start(
        httpClient instanceof MonitoredExecutors executors
            ? executors.executorsToMonitor()
            : List.of());
  }

  /** Starts watching this process and the given executors (e.g. the HTTP client's event loops). */
  public static DriverMonitor start(List<ScheduledExecutorService> executors) {
    ScheduledExecutorService ownThread =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "anemometer-lag-probe");
              thread.setDaemon(true);
              return thread;
            });
    List<EventLoopLagProbe.Scheduler> schedulers = new ArrayList<>();
    schedulers.add(EventLoopLagProbe.Scheduler.of(ownThread));
    executors.forEach(executor -> schedulers.add(EventLoopLagProbe.Scheduler.of(executor)));
    EventLoopLagProbe probe =
        new EventLoopLagProbe(schedulers, TimeSource.SYSTEM, EventLoopLagProbe.DEFAULT_PERIOD);
    probe.start();
    return new DriverMonitor(probe, ProcessCpuProbe.ofThisProcess(TimeSource.SYSTEM), ownThread);
  }

  @Override
  public DriverHealth takeInterval() {
    return new DriverHealth(lagProbe.takeSustainedLagMicros(), cpuProbe.takeLoad(), 0);
  }

  @Override
  public void close() {
    lagProbe.close();
    if (ownThread != null) {
      ownThread.shutdownNow();
    }
  }
}
