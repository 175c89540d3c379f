package dev.anemometer.driver.qos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.operation.OperationType;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationDefectTest {

  private static RuleResult responseTime(double limitShare) {
    return new RuleResult(
        OperationType.GET_CURRENT_ITEM, QosRule.RESPONSE_TIME, limitShare <= 1, "p99", limitShare);
  }

  private static final RuleResult MIX_MISSED =
      new RuleResult(
          OperationType.GET_CURRENT_ITEM,
          QosRule.MIX,
          false,
          "GetCurrentItem mix 5.76 % outside 5.23 % ± 10 %");

  private static final RuleResult NO_FAILURES =
      new RuleResult(OperationType.GET_CURRENT_ITEM, QosRule.FAILURES, true, "failures 0 %", 0);

  @Test
  void aMixMissWithEveryResponseTimeFarInsideItsLimitIsACalibrationDefect() {
    var verdict =
        new QosVerdict(false, List.of(responseTime(0.1), MIX_MISSED, NO_FAILURES), List.of());

    assertThat(verdict.calibrationDefect()).isTrue();
  }

  @Test
  void aMixMissCloseToAResponseTimeLimitMayBeOverloadAndIsNot() {
    var verdict =
        new QosVerdict(false, List.of(responseTime(0.8), MIX_MISSED, NO_FAILURES), List.of());

    assertThat(verdict.calibrationDefect()).isFalse();
  }

  @Test
  void aResponseTimeFailureIsCapacityWhateverTheMix() {
    var verdict =
        new QosVerdict(false, List.of(responseTime(1.4), MIX_MISSED, NO_FAILURES), List.of());

    assertThat(verdict.calibrationDefect()).isFalse();
  }

  @Test
  void aPassIsNoDefect() {
    var verdict = new QosVerdict(true, List.of(responseTime(0.1), NO_FAILURES), List.of());

    assertThat(verdict.calibrationDefect()).isFalse();
  }
}
