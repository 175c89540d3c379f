package dev.anemometer.harness.elasticity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecoveryTest {

  @Test
  void recoveryEndsWhereThreeHealthyIntervalsBegin() {
    List<IntervalSample> samples =
        List.of(
            Samples.sample(2_000, 40, 50, 0),
            Samples.sample(4_000, 40, 50, 7), // the fault at 3 s
            Samples.sample(6_000, 40, 3_000, 2),
            Samples.sample(8_000, 40, 50, 0),
            Samples.sample(10_000, 40, 50, 0),
            Samples.sample(12_000, 40, 50, 0));

    Recovery recovery = Recovery.of(samples, 3_000, Long.MAX_VALUE);

    assertThat(recovery.recoveryMillis()).isEqualTo(3_000);
    assertThat(recovery.failedOperations()).isEqualTo(9);
    assertThat(recovery.slowedOperations()).isEqualTo(100);
  }

  @Test
  void aFaultThatNoIntervalShowsRecoversAtOnce() {
    List<IntervalSample> samples =
        List.of(
            Samples.sample(2_000, 40, 50, 0),
            Samples.sample(4_000, 40, 50, 0), // the fault at 2.03 s, in a healthy interval
            Samples.sample(6_000, 40, 50, 0),
            Samples.sample(8_000, 40, 50, 0));

    Recovery recovery = Recovery.of(samples, 2_030, Long.MAX_VALUE);

    assertThat(recovery.recoveryMillis()).isZero();
    assertThat(recovery.failedOperations()).isZero();
  }

  @Test
  void aShortHealthyGapDoesNotCountAsRecovered() {
    List<IntervalSample> samples =
        List.of(
            Samples.sample(2_000, 40, 50, 3),
            Samples.sample(4_000, 40, 50, 0),
            Samples.sample(6_000, 40, 50, 4),
            Samples.sample(8_000, 40, 50, 0),
            Samples.sample(10_000, 40, 50, 0),
            Samples.sample(12_000, 40, 50, 0));

    Recovery recovery = Recovery.of(samples, 0, Long.MAX_VALUE);

    assertThat(recovery.recoveryMillis()).isEqualTo(6_000);
    assertThat(recovery.failedOperations()).isEqualTo(7);
  }

  @Test
  void noRecoveryBeforeTheRunEndsIsSaid() {
    List<IntervalSample> samples =
        List.of(Samples.sample(2_000, 40, 50, 3), Samples.sample(4_000, 40, 50, 3));

    assertThat(Recovery.of(samples, 0, Long.MAX_VALUE).recoveryMillis()).isNull();
  }

  @Test
  void aStallWithNoCompletedOperationIsNotHealthy() {
    assertThat(Samples.sample(2_000, 40, 50, 0).healthy()).isTrue();
    IntervalSample stalled = new IntervalSample("instance-0", 0, 2_000, 40, 0, 0, 0, 0, true, null);
    assertThat(stalled.healthy()).isFalse();
  }
}
