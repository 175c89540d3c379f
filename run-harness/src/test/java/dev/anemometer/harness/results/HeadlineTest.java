package dev.anemometer.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class HeadlineTest {

  @TempDir Path dir;

  @Test
  void aFindMaxThatEndedGivesItsPeak() throws Exception {
    Headline headline = Headline.of(read(findMax("PASSED", 4187)));

    assertThat(headline.metric()).isEqualTo(Headline.PEAK_USERS);
    assertThat(headline.value()).isEqualTo(4187.0);
  }

  @Test
  void aFindMaxStoppedByCtrlCMidSearchHasNoPeakRatherThanZero() throws Exception {
    Headline headline = Headline.of(read(findMax("INTERRUPTED", 0)));

    assertThat(headline.value()).isNull();
  }

  @Test
  void aFixedRunStoppedByCtrlCHasNoThroughput() throws Exception {
    ObjectNode summary = findMax("INTERRUPTED", 0);
    summary.put("strategy", "fixed");

    assertThat(Headline.of(read(summary)).value()).isNull();
  }

  @Test
  void aFixedRunGivesItsJudgedThroughput() throws Exception {
    ObjectNode summary = findMax("PASSED", 0);
    summary.put("strategy", "fixed");

    assertThat(Headline.of(read(summary)).value()).isEqualTo(120.0);
  }

  @Test
  void aFolderWithoutAReadableSummaryHasNone() throws Exception {
    assertThat(ResultsDirectory.readSummary(dir)).isEmpty();
    Files.writeString(dir.resolve("summary.json"), "{\"name\": ");
    assertThat(ResultsDirectory.readSummary(dir)).isEmpty();
  }

  /** The summary as a results folder holds it, read back typed. */
  private RunSummary read(ObjectNode summary) throws Exception {
    Files.writeString(dir.resolve("summary.json"), summary.toString());
    return ResultsDirectory.readSummary(dir).orElseThrow();
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
