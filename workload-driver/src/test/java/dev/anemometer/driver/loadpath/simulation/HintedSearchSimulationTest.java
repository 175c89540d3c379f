package dev.anemometer.driver.loadpath.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A search told where the peak is expected (an experiment's rounds after the first, a run again on
 * the same platform) against one that is not, on the same simulated stacks: what the hint saves in
 * time, and whether it moves the answer. A hint is where a previous answer lands (a few percent
 * under the capacity), or off by a fifth either way, as after a change that moved the peak.
 *
 * <p>The hint shortens only the climb; the probes that bisect the bracket and the verification,
 * most of a search's time, run as without it, so a good hint saves a tenth of the time, not half.
 */
class HintedSearchSimulationTest {

  /** Where a hint lies, as a share of the stack's capacity. */
  static final double[] HINTS = {0, 0.97, 0.8, 1.2};

  /**
   * On every model, no hint moves the answer further from the capacity by more than half the
   * precision; over the models, a hint where the previous answer lands shortens the search on the
   * mean.
   */
  @Test
  void aHintAtThePreviousAnswerShortensTheSearchWithoutMovingItsAnswer() {
    List<SearchStatistics> rows = new ArrayList<>();
    for (NoiseModel model : NoiseModel.all()) {
      for (double hint : HINTS) {
        rows.add(
            SearchSimulation.run(
                hint == 0 ? "no hint" : String.format("hint at %.0f %% of capacity", 100 * hint),
                capacity ->
                    FindMaxSimulationTest.localSearch(
                        FindMaxLoadPathSpec.DEFAULT_MARGINAL_BAND_PERCENT,
                        (int) Math.round(hint * capacity)),
                new DriverSteering(),
                model,
                FindMaxSimulationTest.SEARCHES,
                FindMaxSimulationTest.SEED));
      }
    }
    System.out.println(SearchStatistics.header());
    rows.forEach(row -> System.out.println(row.row()));

    double halfPrecision = FindMaxLoadPathSpec.DEFAULT_PRECISION_PERCENT / 2;
    double unhintedMinutes = 0;
    double hintedMinutes = 0;
    for (int i = 0; i < rows.size(); i += HINTS.length) {
      SearchStatistics unhinted = rows.get(i);
      for (int h = 1; h < HINTS.length; h++) {
        SearchStatistics hinted = rows.get(i + h);
        assertThat(Math.abs(hinted.biasPercent()))
            .as(hinted.variant() + " / " + hinted.model())
            .isLessThanOrEqualTo(Math.abs(unhinted.biasPercent()) + halfPrecision);
        assertThat(hinted.unfinished()).as(hinted.variant() + " / " + hinted.model()).isZero();
      }
      unhintedMinutes += unhinted.meanMinutes();
      hintedMinutes += rows.get(i + 1).meanMinutes();
    }
    assertThat(hintedMinutes).isLessThan(unhintedMinutes);
  }
}
