package dev.anemometer.harness.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class DriftDetectorTest {

  private final DriftDetector detector = new DriftDetector(25, 10);

  @Test
  void aP99ThatRoseByHalfIsDrift() {
    SoakSummary.OperationDrift drift =
        detector.judge("PlaceBid", latencies(1000, 40, 120), latencies(1000, 40, 180));

    assertThat(drift.verdict()).isEqualTo("DRIFT");
    assertThat(drift.earlyP99Millis()).isCloseTo(120, org.assertj.core.data.Offset.offset(1.0));
    assertThat(drift.lateP99Millis()).isCloseTo(180, org.assertj.core.data.Offset.offset(1.0));
    assertThat(drift.changePercent()).isBetween(45.0, 55.0);
    assertThat(drift.reason()).contains("p99 120").contains("→ 180");
  }

  @Test
  void aRiseBetweenTheSpansThatTheStretchesShowNoTrendInIsASwing() {
    // GetCurrentItem over an hour of steady load: five-minute p99s, then its first and last spans.
    List<double[]> stretches = stretches(47, 53, 61, 47, 72, 44, 69, 50, 58, 63, 79, 67);

    SoakSummary.OperationDrift drift =
        detector.judge(
            "GetCurrentItem", latencies(20_000, 2, 51), latencies(20_000, 2, 72), stretches);

    assertThat(drift.verdict()).isEqualTo("steady");
    assertThat(drift.reason())
        .contains("p99 51.0 → 72.")
        .contains("swings without a trend (slope 2.0 standard errors)");
  }

  @Test
  void aRiseThatTheStretchesClimbWithIsDrift() {
    List<double[]> stretches =
        stretches(120, 118, 125, 131, 135, 140, 146, 150, 158, 165, 172, 180);

    assertThat(
            detector
                .judge("PlaceBid", latencies(1000, 40, 120), latencies(1000, 40, 180), stretches)
                .verdict())
        .isEqualTo("DRIFT");
  }

  @Test
  void tooFewStretchesLeaveTheSpansToJudge() {
    assertThat(
            detector
                .judge(
                    "PlaceBid",
                    latencies(1000, 40, 120),
                    latencies(1000, 40, 180),
                    stretches(120, 300, 90, 180))
                .verdict())
        .isEqualTo("DRIFT");
  }

  @Test
  void theSameP99IsSteady() {
    assertThat(detector.judge("Login", latencies(500, 20, 90), latencies(500, 21, 92)).verdict())
        .isEqualTo("steady");
  }

  @Test
  void aLargeShareOfAFewMillisecondsIsNoDrift() {
    // +50 %, but 4 ms → 6 ms
    assertThat(detector.judge("GetNextBid", latencies(500, 2, 4), latencies(500, 3, 6)).verdict())
        .isEqualTo("steady");
  }

  @Test
  void aFasterEndIsSteady() {
    assertThat(
            detector.judge("HomePage", latencies(500, 20, 200), latencies(500, 20, 90)).verdict())
        .isEqualTo("steady");
  }

  @Test
  void tooFewOperationsForAP99AreNotJudged() {
    SoakSummary.OperationDrift drift =
        detector.judge("AddItem", latencies(50, 40, 120), latencies(1000, 40, 900));

    assertThat(drift.verdict()).isEqualTo("too few");
    assertThat(drift.changePercent()).isNull();
  }

  /** One stretch per 300 s with these p99s (ms). */
  private static List<double[]> stretches(double... p99s) {
    List<double[]> stretches = new ArrayList<>();
    for (int i = 0; i < p99s.length; i++) {
      stretches.add(new double[] {300.0 * (i + 1), p99s[i]});
    }
    return stretches;
  }

  /** {@code count} operations: 98 % at {@code typical} ms, the slowest 2 % at {@code p99} ms. */
  private static Histogram latencies(int count, long typical, long p99) {
    Histogram histogram = new Histogram(3);
    int slow = count / 50;
    histogram.recordValueWithCount(typical * 1000, count - slow);
    histogram.recordValueWithCount(p99 * 1000, slow);
    return histogram;
  }
}
