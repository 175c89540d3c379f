package dev.anemometer.harness.run.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExperimentDesignTest {

  @Test
  void everyRoundRunsEveryVariantOnce() {
    ExperimentDesign design = new ExperimentDesign(List.of("base", "b", "c"), 7);

    for (int round = 1; round <= 50; round++) {
      assertThat(design.orderOf(round)).containsExactlyInAnyOrder("base", "b", "c");
    }
  }

  @Test
  void theSameSeedDrawsTheSameOrders() {
    ExperimentDesign one = new ExperimentDesign(List.of("base", "change"), 42);
    ExperimentDesign again = new ExperimentDesign(List.of("base", "change"), 42);

    for (int round = 1; round <= 20; round++) {
      assertThat(again.orderOf(round)).isEqualTo(one.orderOf(round));
    }
  }

  @Test
  void eachVariantRunsFirstInAboutHalfOfTheRounds() {
    ExperimentDesign design = new ExperimentDesign(List.of("base", "change"), 3);
    int baseFirst = 0;
    for (int round = 1; round <= 2000; round++) {
      baseFirst += design.orderOf(round).get(0).equals("base") ? 1 : 0;
    }

    // Binomial(2000, 0.5): sd 22; 4 sd either side.
    assertThat(baseFirst).isBetween(912, 1088);
  }

  @Test
  void aRoundsOrderDoesNotFollowThePreviousRounds() {
    // Neighbouring rounds: the same order about half the time, for any seed.
    for (long seed = 0; seed < 20; seed++) {
      ExperimentDesign design = new ExperimentDesign(List.of("base", "change"), seed);
      int same = 0;
      for (int round = 2; round <= 401; round++) {
        same += design.orderOf(round).equals(design.orderOf(round - 1)) ? 1 : 0;
      }
      // Binomial(400, 0.5): sd 10; 4.5 sd either side.
      assertThat(same).as("seed " + seed).isBetween(155, 245);
    }
  }

  @Test
  void oneVariantIsNoExperiment() {
    assertThatThrownBy(() -> new ExperimentDesign(List.of("base"), 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
