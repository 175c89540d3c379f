package dev.anemometer.harness.run;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AuditSpec;
import dev.anemometer.harness.drive.LoadOutcome;
import java.util.stream.Collectors;

/**
 * The exit code and one-line message of a run whose load ended as planned: QoS and the bid audit
 * together. An audit that could not run fails the run unless the config says otherwise, so that
 * "QoS met" never stands for a run whose acknowledged bids nobody checked.
 */
record RunVerdict(int exitCode, String message) {

  static final String OPT_OUT_KEY = "audit.allowUnreachable";

  static RunVerdict of(LoadOutcome load, AuditRound audit, AuditSpec spec) {
    if (!load.valid()) {
      return new RunVerdict(ExitCodes.QOS_FAILED, "invalid: the driver was the bottleneck");
    }
    if (audit.violated()) {
      return new RunVerdict(ExitCodes.QOS_FAILED, "bid audit failed");
    }
    if (!audit.unreachable().isEmpty() && !spec.passesUnaudited()) {
      return new RunVerdict(ExitCodes.QOS_FAILED, unaudited(audit));
    }
    return load.passed()
        ? new RunVerdict(ExitCodes.PASSED, "QoS met")
        : new RunVerdict(ExitCodes.QOS_FAILED, "QoS not met");
  }

  private static String unaudited(AuditRound audit) {
    String instances =
        audit.unreachable().stream().map(i -> "instance-" + i).collect(Collectors.joining(", "));
    return "bid audit not run: database of "
        + instances
        + " not reachable ("
        + OPT_OUT_KEY
        + ": true accepts a run without it)";
  }
}
