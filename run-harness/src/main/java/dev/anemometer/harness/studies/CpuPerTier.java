package dev.anemometer.harness.studies;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.extension.RunContext;
import dev.anemometer.harness.extension.RunExtension;
import dev.anemometer.harness.platform.CpuMeter;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.results.RunSummary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * CPU per tier in every judged window (the summary's {@code cpu}): read on this host where the
 * target reports its processes, else as the target measures it; where neither can, the summary says
 * why in one line. Each findMax target is described by its passing probe at the peak.
 */
final class CpuPerTier implements RunExtension {

  /** What a run says on a target that offers no way to measure CPU per tier. */
  static final String UNAVAILABLE = "CPU per tier is not measured on target ";

  private final RunContext run;
  private volatile CpuMeter meter;
  private volatile String unavailable;

  CpuPerTier(RunContext run) {
    this.run = run;
  }

  @Override
  public List<RunListener> duringLoad(DeployedStack stack, DriverProcesses driver) {
    Optional<Supplier<List<TierProcess>>> processes = stack.tierProcesses();
    if (processes.isPresent()) {
      meter = CpuMeter.ofHost(processes.get(), driver::pids, run.results().events());
      return List.of(meter);
    }
    Optional<TargetCpu> measured = stack.targetCpu();
    if (measured.isEmpty()) {
      unavailable = UNAVAILABLE + run.config().target().configName();
    } else {
      try {
        measured.get().read();
        meter = CpuMeter.ofTarget(measured.get(), run.results().events());
        return List.of(meter);
      } catch (TargetCpu.Unavailable e) {
        unavailable = "CPU per tier not measured: " + e.getMessage();
      }
    }
    run.console().notice(unavailable);
    run.results().events().record("cpu-unavailable", "tiers", Map.of("reason", unavailable));
    return List.of();
  }

  @Override
  public void afterLoad() {
    CpuMeter measured = meter;
    if (measured != null) {
      measured.close();
    }
  }

  @Override
  public RunSummary summarize(RunSummary summary) {
    CpuMeter measured = meter;
    if (measured == null) {
      return summary.withCpu(
          CpuSummary.unavailable(
              unavailable != null ? unavailable : "not measured: the load did not run"));
    }
    Map<String, Integer> peaks = new HashMap<>();
    for (RunSummary.InstanceSummary instance : summary.instances()) {
      if (instance.peakUsers() != null) {
        peaks.put("instance-" + instance.index(), instance.peakUsers());
      }
    }
    return summary.withCpu(CpuSummary.of(measured.windows(), peaks));
  }
}
