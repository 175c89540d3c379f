package dev.anemometer.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class HeadlineTest {

  @Test
  void aFindMaxThatEndedGivesItsPeak() {
    Headline headline = Headline.of(findMax("PASSED", 4187));

    assertThat(headline.metric()).isEqualTo(Headline.PEAK_USERS);
    assertThat(headline.value()).isEqualTo(4187.0);
  }

  @Test
  void aFindMaxStoppedByCtrlCMidSearchHasNoPeakRatherThanZero() {
    Headline headline = Headline.of(findMax("INTERRUPTED", 0));

    assertThat(headline.value()).isNull();
  }

  @Test
  void aFixedRunStoppedByCtrlCHasNoThroughput() {
    ObjectNode summary = findMax("INTERRUPTED", 0);
    summary.put("strategy", "fixed");

    assertThat(Headline.of(summary).value()).isNull();
  }

  private static ObjectNode findMax(String outcome, int peak) {
    ObjectNode summary = Json.pretty().createObjectNode();
    summary.put("strategy", "findMax");
    summary.put("outcome", outcome);
    summary.put("peakUsers", peak);
    ObjectNode operation = Json.pretty().createObjectNode();
    operation.put("operation", "HomePage");
    operation.put("throughputPerSecond", 120.0);
    summary
        .putObject("load")
        .putArray("targets")
        .addObject()
        .put("id", "instance-0")
        .putArray("operations")
        .add((JsonNode) operation);
    return summary;
  }
}
