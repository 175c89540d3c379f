package dev.anemometer.driver.stats;

import dev.anemometer.driver.TimeSource;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/** The driver process's CPU load between calls: CPU time over wall time × processors. */
public final class ProcessCpuProbe {

  private final LongSupplier processCpuNanos;
  private final TimeSource time;
  private final int processors;
  private long lastCpuNanos;
  private long lastWallNanos;

  public ProcessCpuProbe(LongSupplier processCpuNanos, TimeSource time, int processors) {
    this.processCpuNanos = processCpuNanos;
    this.time = time;
    this.processors = processors;
    this.lastCpuNanos = processCpuNanos.getAsLong();
    this.lastWallNanos = time.nanoTime();
  }

  /** Reads the JVM's own process CPU time; reports 0 where the platform does not expose it. */
  public static ProcessCpuProbe ofThisProcess(TimeSource time) {
    var os = ManagementFactory.getOperatingSystemMXBean();
    LongSupplier cpu =
        os instanceof com.sun.management.OperatingSystemMXBean sun
            ? () -> Math.max(0, sun.getProcessCpuTime())
            : () -> 0L;
    return new ProcessCpuProbe(cpu, time, Runtime.getRuntime().availableProcessors());
  }

  public synchronized double takeLoad() {
    long cpu = processCpuNanos.getAsLong();
    long wall = time.nanoTime();
    long wallDelta = wall - lastWallNanos;
    double load = wallDelta <= 0 ? 0 : (double) (cpu - lastCpuNanos) / wallDelta / processors;
    lastCpuNanos = cpu;
    lastWallNanos = wall;
    return Math.max(0, Math.min(1, load));
  }
}
