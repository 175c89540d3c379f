package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class CycleTimeTest {

  @Test
  void samplesStayInsideTheTruncationWindowAroundTheMean() {
    CycleTime cycleTime = Behavior.load("default").cycleTime();
    SplittableRandom random = new SplittableRandom(7);

    long[] samples = LongStream.range(0, 100_000).map(i -> cycleTime.sampleNanos(random)).toArray();

    assertThat(LongStream.of(samples).min().orElseThrow()).isGreaterThanOrEqualTo(2_500_000_000L);
    assertThat(LongStream.of(samples).max().orElseThrow()).isLessThanOrEqualTo(7_500_000_000L);
    assertThat(LongStream.of(samples).average().orElseThrow())
        .isCloseTo(5_000_000_000.0, within(20_000_000.0));
  }
}
