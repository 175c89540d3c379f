package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.anemometer.driver.syntax.BindingPaths;
import dev.anemometer.driver.syntax.DurationModule;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/** A segment as files write it binds to the driver's own record, and a wrong one says where. */
class SegmentSpecBindingTest {

  static final YAMLMapper MAPPER =
      YAMLMapper.builder()
          .addModule(new DurationModule())
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .disable(YAMLWriteFeature.USE_NATIVE_TYPE_ID)
          .build();

  static final Duration MINUTE = Duration.ofMinutes(1);

  @Test
  void everyShapeBindsFromItsTypeAndWritesBackTheSame() {
    String yaml =
        """
        - {type: uniform, users: 10, duration: 1m}
        - {type: ramp, from: 100, to: 10, duration: 60s}
        - {type: ramp, from: 0, to: 40, duration: 1m, step: 15s}
        - {type: sine, min: 5, max: 50, period: 30s, duration: 1m}
        - {type: spike, base: 10, peak: 300, at: 20s, duration: 10s, total: 1m}
        """;

    List<SegmentSpec> segments = MAPPER.readValue(yaml, new TypeReference<>() {});

    assertThat(segments)
        .containsExactly(
            new SegmentSpec.Uniform(10, MINUTE),
            new SegmentSpec.Ramp(100, 10, MINUTE, null),
            new SegmentSpec.Ramp(0, 40, MINUTE, Duration.ofSeconds(15)),
            new SegmentSpec.Sine(5, 50, Duration.ofSeconds(30), MINUTE),
            new SegmentSpec.Spike(10, 300, Duration.ofSeconds(20), Duration.ofSeconds(10), MINUTE));
    assertThat(segments).extracting(SegmentSpec::peakUsers).containsExactly(10, 100, 40, 50, 300);
    assertThat(segments).extracting(SegmentSpec::length).containsOnly(MINUTE);
    String written =
        MAPPER.writerFor(new TypeReference<List<SegmentSpec>>() {}).writeValueAsString(segments);
    assertThat(written).contains("type: \"spike\"", "total: \"1m\"").doesNotContain("!<");
    assertThat(MAPPER.readValue(written, new TypeReference<List<SegmentSpec>>() {}))
        .isEqualTo(segments);
  }

  @Test
  void aBrokenSegmentIsNamedByItsPathAndField() {
    assertThat(error("[{type: uniform, users: 10, duration: 1m}, {type: wave}]"))
        .isEqualTo("[1].type: 'wave' is not one of: uniform, ramp, sine, spike");
    assertThat(error("[{users: 10, duration: 1m}]"))
        .isEqualTo("[0].type: is required; one of: uniform, ramp, sine, spike");
    assertThat(error("[{type: ramp, from: 1, to: 9, duration: 10s, step: 20s}]"))
        .isEqualTo("[0].step: must not exceed duration 10s, was 20s");
    assertThat(error("[{type: uniform, users: 10}]"))
        .isEqualTo("[0].duration: is required, a duration such as 90s or 5m");
    assertThat(error("[{type: uniform, users: -1, duration: 1m}]"))
        .isEqualTo("[0].users: must be >= 0, was -1");
    assertThat(error("[{type: uniform, users: 10, duration: 1m, from: 3}]"))
        .startsWith("[0].from: ");
  }

  private static String error(String yaml) {
    JacksonException e =
        catchThrowableOfType(
            JacksonException.class,
            () -> MAPPER.readValue(yaml, new TypeReference<List<SegmentSpec>>() {}));
    assertThat(e).as(yaml).isNotNull();
    return BindingPaths.describe(e);
  }
}
