package dev.anemometer.driver.spec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.SegmentSpec;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SegmentTest {

  private static final Duration MINUTE = Duration.ofMinutes(1);

  @Test
  void aWrittenSpikeBecomesTheDriversSpikeAndLastsItsTotal() {
    Segment spike =
        new Segment(
            SegmentType.SPIKE,
            null,
            null,
            null,
            Duration.ofSeconds(20),
            null,
            null,
            null,
            null,
            50,
            300,
            Duration.ofSeconds(10),
            MINUTE);

    assertThat(spike.toSpec())
        .isEqualTo(
            new SegmentSpec.Spike(50, 300, Duration.ofSeconds(10), Duration.ofSeconds(20), MINUTE));
    assertThat(spike.peakUsers()).isEqualTo(300);
    assertThat(spike.length()).isEqualTo(MINUTE);
  }

  @Test
  void aRampPeaksAtItsHigherEnd() {
    Segment ramp =
        new Segment(
            SegmentType.RAMP,
            null,
            100,
            10,
            MINUTE,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);

    assertThat(ramp.toSpec()).isEqualTo(new SegmentSpec.Ramp(100, 10, MINUTE, null));
    assertThat(ramp.peakUsers()).isEqualTo(100);
    assertThat(ramp.length()).isEqualTo(MINUTE);
  }

  @Test
  void typesAreSpelledInLowerCase() {
    assertThat(SegmentType.SINE).hasToString("sine");
    assertThat(SegmentType.UNIFORM.writtenName()).isEqualTo("uniform");
  }
}
