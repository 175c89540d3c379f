package dev.anemometer.harness.platform;

import dev.anemometer.driver.host.MachineCpu;
import dev.anemometer.harness.deploy.TierProcess;
import java.util.Map;

/**
 * The CPU used so far by every tier process and by the harness itself, at one moment.
 *
 * @param nanoTime when, on the run's monotonic clock
 * @param processes cumulative CPU nanoseconds per process, keyed by name and pid so that a
 *     restarted process is a new one
 * @param harnessCpuNanos this JVM (harness and driver) and the driver's worker JVMs, without the
 *     tiers it started
 * @param harnessProcesses how many processes {@code harnessCpuNanos} counts: this JVM and the
 *     driver's workers
 * @param machine the whole machine's counters, or null where they cannot be read
 */
record CpuSample(
    long nanoTime,
    Map<String, Counted> processes,
    long harnessCpuNanos,
    int harnessProcesses,
    MachineCpu machine) {

  CpuSample(long nanoTime, Map<String, Counted> processes, long harnessCpuNanos) {
    this(nanoTime, processes, harnessCpuNanos, 1, null);
  }

  record Counted(TierProcess process, long cpuNanos) {}

  static String key(TierProcess process) {
    return process.name() + "#" + process.pid();
  }
}
