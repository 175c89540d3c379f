package dev.anemometer.harness.run;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.audit.AuditResult;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.LoadOutcome;
import dev.anemometer.harness.elasticity.ElasticityResults;
import dev.anemometer.harness.platform.CpuMeter;
import dev.anemometer.harness.platform.Platform;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one run has produced so far, filled as it goes: read for the summary at its end, or by the
 * interrupt hook from another thread when Ctrl-C comes first.
 */
final class RunOutcome {
  volatile List<DeployedInstance> instances = List.of();
  volatile LoadOutcome load;
  final Map<Integer, AuditResult> audit = new ConcurrentHashMap<>();
  volatile int exitCode = ExitCodes.INFRASTRUCTURE;
  volatile String message;
  volatile boolean interrupted;
  volatile Platform platform;
  volatile CpuMeter cpu;

  /** Why CPU per tier was not measured although the load ran, in one line. */
  volatile String cpuUnavailable;

  volatile SoakRun soak;
  volatile ElasticityResults elasticity;

  /** What lowered findMax's ceiling below the configured one; null if nothing did. */
  volatile String ceilingCause;
}
