package dev.anemometer.harness.platform;

import dev.anemometer.driver.host.MachineCpu;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TierProcess;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Takes {@link CpuSample}s of the tiers and of this JVM: of the processes a target reports, read on
 * this host, or of what the target measures itself ({@link TargetCpu}).
 */
final class CpuSampler {

  private final Supplier<Map<String, CpuSample.Counted>> tiers;
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
    this(() -> count(processes.get(), trees), harnessCpuNanos, harnessProcesses, machine);
  }

  private CpuSampler(
      Supplier<Map<String, CpuSample.Counted>> tiers,
      LongSupplier harnessCpuNanos,
      IntSupplier harnessProcesses,
      Supplier<Optional<MachineCpu>> machine) {
    this.tiers = tiers;
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

  /**
   * The tiers as the target measures them, and this JVM: the driver's workers run where the target
   * put them, among its tiers; this host's other processes are not the tiers' machine's.
   */
  static CpuSampler target(TargetCpu cpu) {
    // A reading that fails mid-run (the metrics API restarting) repeats the last one: the window
    // then counts the CPU up to that reading, and the load never stops for want of a figure.
    AtomicReference<Map<String, CpuSample.Counted>> last = new AtomicReference<>(Map.of());
    return new CpuSampler(
        () -> {
          Map<String, CpuSample.Counted> counted = new LinkedHashMap<>();
          try {
            for (TargetCpu.Use use : cpu.read()) {
              counted.put(
                  CpuSample.key(use.process()),
                  new CpuSample.Counted(use.process(), use.cpuNanos()));
            }
          } catch (TargetCpu.Unavailable e) {
            return last.get();
          }
          last.set(counted);
          return counted;
        },
        CpuSampler::thisProcess,
        () -> 1,
        Optional::empty);
  }

  private static long driver(ProcessTreeCpu trees, List<Long> pids) {
    long nanos = 0;
    for (long pid : pids) {
      nanos += trees.cpuNanos(pid).orElse(0);
    }
    return nanos;
  }

  private static Map<String, CpuSample.Counted> count(
      List<TierProcess> processes, ProcessTreeCpu trees) {
    Map<String, CpuSample.Counted> counted = new LinkedHashMap<>();
    for (TierProcess process : processes) {
      OptionalLong nanos = trees.cpuNanos(process.pid());
      if (nanos.isPresent()) {
        counted.put(CpuSample.key(process), new CpuSample.Counted(process, nanos.getAsLong()));
      }
    }
    return counted;
  }

  CpuSample sample(long nanoTime) {
    return new CpuSample(
        nanoTime,
        tiers.get(),
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
