package dev.anemometer.harness.elasticity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SegmentMetricsTest {

  private final List<IntervalSample> samples =
      List.of(
          Samples.sample(2_000, 30, 2_500, 0),
          Samples.sample(4_000, 30, 2_500, 0),
          Samples.sample(6_000, 30, 40, 0),
          Samples.sample(8_000, 30, 40, 0));

  @Test
  void changesCutTheRunIntoSegmentsWithTheirOwnVerdict() {
    List<SegmentMetrics> segments =
        SegmentMetrics.of(
            "instance-0", samples, List.of(4_000L), t -> t < 4_000 ? 1 : 3, Samples.QOS);

    assertThat(segments).hasSize(2);
    assertThat(segments.get(0).qosPassed()).as("p99 2.5 s over the 2 s limit").isFalse();
    assertThat(segments.get(0).meanInstances()).isEqualTo(1.0);
    assertThat(segments.get(1).qosPassed()).isTrue();
    assertThat(segments.get(1).meanInstances()).isEqualTo(3.0);
    assertThat(segments.get(1).throughputPerSecond()).isEqualTo(50.0);
    assertThat(segments.get(1).p99MillisByOperation()).containsKey("GetActiveAuctions");
  }

  @Test
  void capacityThatFollowsTheLoadScoresOne() {
    List<IntervalSample> load =
        List.of(Samples.sample(2_000, 10, 40, 0), Samples.sample(4_000, 30, 40, 0));

    ElasticityScore exact = ElasticityScore.of(load, t -> t < 2_000 ? 1 : 3, 3);
    ElasticityScore flat = ElasticityScore.of(load, t -> 1, 3);

    assertThat(exact.score()).isEqualTo(1.0);
    assertThat(flat.score()).isLessThan(1.0);
    assertThat(flat.underProvisionedServerSeconds()).isEqualTo(4.0);
  }
}
