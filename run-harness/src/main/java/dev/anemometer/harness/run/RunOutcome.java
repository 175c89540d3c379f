package dev.anemometer.harness.run;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.audit.AuditResult;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.drive.LoadOutcome;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one run has produced so far, filled as it goes: read for the summary at its end, or by the
 * interrupt hook from another thread when Ctrl-C comes first. What the run's extensions measured
 * they keep themselves.
 */
final class RunOutcome {
  volatile List<DeployedInstance> instances = List.of();
  volatile LoadOutcome load;
  final Map<Integer, AuditResult> audit = new ConcurrentHashMap<>();
  volatile int exitCode = ExitCodes.INFRASTRUCTURE;
  volatile String message;
  volatile boolean interrupted;

  /** When the run started: once the extensions' first hook (the machine's probe) is done. */
  volatile Instant started;

  /** What lowered findMax's ceiling below the configured one; null if nothing did. */
  volatile String ceilingCause;
}
