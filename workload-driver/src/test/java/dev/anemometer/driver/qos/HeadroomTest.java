package dev.anemometer.driver.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.operation.OperationType;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeadroomTest {

  private static RuleResult responseTime(double limitShare) {
    return new RuleResult(
        OperationType.GET_AUCTION_DETAIL,
        QosRule.RESPONSE_TIME,
        limitShare <= 1,
        "p99",
        limitShare);
  }

  private static final RuleResult MIX_MISSED =
      new RuleResult(OperationType.JOIN_AUCTION, QosRule.MIX, false, "JoinAuction mix");

  private static final QosVerdict PASSED =
      new QosVerdict(true, List.of(responseTime(0.6)), List.of());

  @Test
  void aWindowPassesWithAtLeastTheIdleShareAndSaysWhatItLeft() {
    Headroom headroom = new Headroom(5);

    assertThat(headroom.judge(5.0).passed()).isTrue();
    assertThat(headroom.judge(11.46).message()).isEqualTo("machine idle 11.5 % >= 5 %");
    assertThat(headroom.judge(4.99).passed()).isFalse();
    assertThat(headroom.judge(3.1).message()).isEqualTo("machine idle 3.1 % < 5 % (no headroom)");
  }

  @Test
  void aFittedShareSaysWhatTheWindowItselfLeftAndNeverGoesBelowNothing() {
    Headroom headroom = new Headroom(5);

    assertThat(headroom.judgeFitted(9.34, 8.8, 6).message())
        .isEqualTo("machine idle 9.3 % >= 5 % (fitted over 6 windows, this one 8.8 %)");
    assertThat(headroom.judgeFitted(-1.3, 0.3, 4).message())
        .isEqualTo("machine idle 0.0 % < 5 % (no headroom; fitted over 4 windows, this one 0.3 %)");
  }

  @Test
  void aWindowThatPassedEveryOtherRuleFailsOnItsHeadroomAlone() {
    QosVerdict verdict = PASSED.with(new Headroom(5).judge(2.0));

    assertThat(verdict.passed()).isFalse();
    assertThat(verdict.headroomSpent()).isTrue();
    assertThat(verdict.narrowFailure()).isTrue();
    assertThat(verdict.calibrationDefect()).isFalse();
    assertThat(PASSED.with(new Headroom(5).judge(20.0)).passed()).isTrue();
  }

  @Test
  void aMissedMixBesideItIsStillHeadroom() {
    QosVerdict verdict =
        new QosVerdict(false, List.of(responseTime(0.3), MIX_MISSED), List.of())
            .with(new Headroom(5).judge(1.0));

    assertThat(verdict.headroomSpent()).isTrue();
  }

  @Test
  void aResponseTimeBeyondItsLimitIsCapacityNotHeadroom() {
    QosVerdict verdict =
        new QosVerdict(false, List.of(responseTime(1.5)), List.of())
            .with(new Headroom(5).judge(1.0));

    assertThat(verdict.headroomSpent()).isFalse();
  }

  @Test
  void theShareMustBeAPercentageBelowAHundred() {
    assertThat(Headroom.OFF.on()).isFalse();
    assertThatThrownBy(() -> new Headroom(-1))
        .hasMessage("minIdlePercent: must be >= 0 and < 100, was -1.0");
    assertThatThrownBy(() -> new Headroom(100)).hasMessageStartingWith("minIdlePercent:");
    assertThatThrownBy(() -> new Headroom(Double.NaN)).hasMessageStartingWith("minIdlePercent:");
  }
}
