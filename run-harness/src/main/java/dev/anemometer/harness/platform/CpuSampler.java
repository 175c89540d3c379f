package dev.anemometer.harness.platform;

import dev.anemometer.driver.host.MachineCpu;
import dev.anemometer.harness.deploy.TierProcess;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** Takes {@link CpuSample}s of the processes a target reports and of this JVM. */
final class CpuSampler {

  private final Supplier<List<TierProcess>> processes;
  private final ProcessTreeCpu trees;
  private final LongSupplier harnessCpuNanos;
  private final IntSupplier harnessProcesses;
  private final Supplier<Optional<MachineCpu>> machine;

  CpuSampler(
      Supplier<List<TierProcess>> processes, ProcessTreeCpu trees, LongSupplier harnessCpuNanos) {
    this(processes, trees, harnessCpuNanos, () -> 1, Optional::empty);
  }

  CpuSampler(
      Supplier<List<TierProcess>> processes,
      ProcessTreeCpu trees,
      LongSupplier harnessCpuNanos,
      IntSupplier harnessProcesses,
      Supplier<Optional<MachineCpu>> machine) {
    this.processes = processes;
    this.trees = trees;
    this.harnessCpuNanos = harnessCpuNanos;
    this.harnessProcesses = harnessProcesses;
    this.machine = machine;
  }

  /**
   * @param driverPids the driver's processes besides this JVM (worker JVMs), counted with it
   */
  static CpuSampler host(Supplier<List<TierProcess>> processes, Supplier<List<Long>> driverPids) {
    ProcessTreeCpu trees = new ProcessTreeCpu(ProcessTreeCpu.Proc.host());
    return new CpuSampler(
        processes,
        trees,
        () -> thisProcess() + driver(trees, driverPids.get()),
        () -> 1 + driverPids.get().size(),
        MachineCpu::now);
  }

  private static long driver(ProcessTreeCpu trees, List<Long> pids) {
    long nanos = 0;
    for (long pid : pids) {
      nanos += trees.cpuNanos(pid).orElse(0);
    }
    return nanos;
  }

  CpuSample sample(long nanoTime) {
    Map<String, CpuSample.Counted> counted = new LinkedHashMap<>();
    for (TierProcess process : processes.get()) {
      OptionalLong nanos = trees.cpuNanos(process.pid());
      if (nanos.isPresent()) {
        counted.put(CpuSample.key(process), new CpuSample.Counted(process, nanos.getAsLong()));
      }
    }
    return new CpuSample(
        nanoTime,
        counted,
        harnessCpuNanos.getAsLong(),
        harnessProcesses.getAsInt(),
        machine.get().orElse(null));
  }

  /** This JVM's own CPU, in nanoseconds: not its reaped children (data loaders, initdb). */
  private static long thisProcess() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return Math.max(0, os.getProcessCpuTime());
    }
    return 0;
  }
}
