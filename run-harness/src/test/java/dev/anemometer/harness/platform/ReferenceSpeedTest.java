package dev.anemometer.harness.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ReferenceSpeedTest {

  @Test
  void theWorkIsTheSameForTheSameInputSoEveryMachineDoesTheSameWork() {
    assertThat(ReferenceSpeed.work(1, 1000)).isEqualTo(ReferenceSpeed.work(1, 1000));
    assertThat(ReferenceSpeed.work(1, 1000)).isNotEqualTo(ReferenceSpeed.work(1, 1001));
    assertThat(ReferenceSpeed.work(1, 0)).isEqualTo(1);
  }

  @Test
  void theRateIsTheBatchesDoneOverTheTimeTheyTook() {
    // A clock that moves 1 ms each time it is read: one batch per millisecond.
    AtomicLong clock = new AtomicLong();
    ReferenceSpeed speed =
        ReferenceSpeed.measure(
            () -> clock.addAndGet(1_000_000),
            Duration.ofMillis(5),
            Duration.ofMillis(98),
            Duration.ofMillis(20));

    // 98 batches between the start and the end read, 100 ms apart.
    assertThat(speed.operationsPerSecond()).isEqualTo(98.0 * ReferenceSpeed.BATCH / 0.1);
    assertThat(speed.score())
        .isEqualTo(
            Math.round(
                    speed.operationsPerSecond()
                        / ReferenceSpeed.REFERENCE_OPERATIONS_PER_SECOND
                        * 100)
                / 100.0);
    assertThat(speed.twoThreadOperationsPerSecondPerThread()).isPositive();
  }
}
