package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.audit.AuditResult;
import dev.anemometer.harness.config.AuditSpec;
import dev.anemometer.harness.drive.LoadOutcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunVerdictTest {

  static final LoadOutcome MET =
      new LoadOutcome(List.of(true, true), true, List.of(10, 10), List.of(), null);
  static final AuditResult CLEAN = new AuditResult(5, 3, 1, List.of(), 0);

  @Test
  void aRunWhoseAuditCouldNotReachADatabaseFailsNamingTheInstanceAndTheOptOutKey() {
    RunVerdict verdict =
        RunVerdict.of(MET, new AuditRound(Map.of(0, CLEAN), List.of(1)), AuditSpec.STRICT);

    assertThat(verdict.exitCode()).isEqualTo(ExitCodes.QOS_FAILED);
    assertThat(verdict.message())
        .contains("bid audit not run")
        .contains("instance-1")
        .doesNotContain("instance-0")
        .contains("audit.allowUnreachable");
  }

  @Test
  void theOptOutKeyLetsAnUnauditedRunPassOnQos() {
    RunVerdict verdict =
        RunVerdict.of(MET, new AuditRound(Map.of(), List.of(0, 1)), new AuditSpec(true));

    assertThat(verdict).isEqualTo(new RunVerdict(ExitCodes.PASSED, "QoS met"));
  }

  @Test
  void aFullyAuditedRunPassesOnQosAlone() {
    RunVerdict verdict =
        RunVerdict.of(MET, new AuditRound(Map.of(0, CLEAN, 1, CLEAN), List.of()), AuditSpec.STRICT);

    assertThat(verdict).isEqualTo(new RunVerdict(ExitCodes.PASSED, "QoS met"));
  }

  @Test
  void aViolationOutranksAnUnreachableDatabase() {
    AuditResult violated = new AuditResult(5, 3, 1, List.of("bid 7 lost"), 1);
    RunVerdict verdict =
        RunVerdict.of(MET, new AuditRound(Map.of(0, violated), List.of(1)), AuditSpec.STRICT);

    assertThat(verdict).isEqualTo(new RunVerdict(ExitCodes.QOS_FAILED, "bid audit failed"));
  }

  @Test
  void anAbsentAuditBlockIsStrict() {
    assertThat(new AuditSpec(null).passesUnaudited()).isFalse();
  }
}
