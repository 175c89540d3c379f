package dev.anemometer.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results layout of SPEC §4.8. */
class ResultsDirectoryTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-22T02:15:00Z"), ZoneOffset.UTC);

  @TempDir Path root;

  @Test
  void aRunGetsItsTimestampedFolderAndALineInResultsCsv() throws Exception {
    ResultsDirectory first = ResultsDirectory.create(root, "quick", CLOCK);
    ResultsDirectory second = ResultsDirectory.create(root, "quick", CLOCK);
    first.writeConfig("name: quick\n");
    first.events().phase("deploy", "start");
    // Ordered details: Map.of has no stable iteration order, so the expected line could not be
    // fixed.
    Map<String, Object> details = new java.util.LinkedHashMap<>();
    details.put("tier", "app");
    details.put("instances", 3);
    first.events().record("elasticity", "scale", details);
    RunSummary summary =
        new RunSummary(
            "quick",
            "quickstart",
            "local",
            "fixed",
            "2026-11-22T02:15:00Z",
            181,
            "PASSED",
            0,
            100,
            List.of(),
            null,
            null,
            "QoS met, all good");
    first.writeSummary(summary);
    first.appendCsv(summary);
    second.appendCsv(summary);

    assertThat(first.dir().getFileName().toString()).isEqualTo("20261122-021500-quick");
    assertThat(second.dir().getFileName().toString()).isEqualTo("20261122-021500-quick-2");
    assertThat(first.tuningDir()).isDirectory();
    assertThat(first.logsDir()).isDirectory();
    assertThat(first.dir().resolve("config.yaml")).hasContent("name: quick");
    assertThat(Files.readAllLines(first.dir().resolve("events.jsonl")))
        .containsExactly(
            "{\"time\":\"2026-11-22T02:15:00Z\",\"offsetMillis\":0,\"type\":\"phase\","
                + "\"name\":\"deploy\",\"state\":\"start\"}",
            "{\"time\":\"2026-11-22T02:15:00Z\",\"offsetMillis\":0,\"type\":\"elasticity\","
                + "\"name\":\"scale\",\"tier\":\"app\",\"instances\":3}");
    assertThat(Files.readString(first.dir().resolve("summary.json")))
        .contains("\"outcome\" : \"PASSED\"")
        .contains("\"peakUsers\" : 100")
        .doesNotContain("\"load\"");
    assertThat(Files.readAllLines(root.resolve("results.csv")))
        .containsExactly(
            ResultsCsv.HEADER,
            "2026-11-22T02:15:00Z,quick,quickstart,local,fixed,PASSED,0,100,181,20261122-021500-quick"
                + ",,,,,,,",
            "2026-11-22T02:15:00Z,quick,quickstart,local,fixed,PASSED,0,100,181,"
                + "20261122-021500-quick-2,,,,,,,");
  }

  @Test
  void aWriteThatFailsMidwayLeavesThePreviousFileWholeAndNoTemporaryBehind() throws Exception {
    Path summary = root.resolve("summary.json");
    ResultsDirectory.write(summary, "{\"outcome\" : \"PASSED\"}\n");
    // A folder where the temporary file goes makes its write fail, as a full disk would.
    Path blocked = Files.createDirectory(root.resolve(".summary.json.tmp"));
    Files.createFile(blocked.resolve("keep"));

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> ResultsDirectory.write(summary, "{\"outcome\" : \"FAI"))
        .isInstanceOf(java.io.UncheckedIOException.class)
        .hasMessage("cannot write " + summary);

    assertThat(summary).content().isEqualTo("{\"outcome\" : \"PASSED\"}\n");
  }

  @Test
  void aWriteReplacesTheFileAndLeavesNoTemporary() throws Exception {
    Path summary = root.resolve("summary.json");
    ResultsDirectory.write(summary, "first\n");

    ResultsDirectory.write(summary, "second\n");

    assertThat(summary).content().isEqualTo("second\n");
    try (var files = Files.list(root)) {
      assertThat(files).containsExactly(summary);
    }
  }

  @Test
  void aRepeatSetReadsBackTypedAsItWasWritten() throws Exception {
    RepeatSet set =
        RepeatSet.of(
            "quick",
            "findMax",
            "2026-11-22T02:15:00Z",
            Headline.PEAK_USERS,
            List.of(
                new RepeatSet.Member("a", "PASSED", 0, 1000.0, 1.0, 1.0, 1.0, 1.0, null),
                new RepeatSet.Member("b", "PASSED", 0, 1100.0, 1.0, 1.0, 1.0, 1.0, null)),
            new RepeatSet.Tolerance("precision", 5),
            new RepeatSet.StopRule(
                "2 runs", null, null, null, null, "2 runs done", null, null, null, null));
    Path setDir = Files.createDirectories(root.resolve("set-repeats"));
    Files.writeString(
        setDir.resolve("repeats.json"),
        dev.anemometer.harness.json.Json.pretty().writeValueAsString(set));

    RepeatSet read = ResultsDirectory.repeatSetOf(setDir);

    assertThat(read).isEqualTo(set);
    assertThat(read.statistics().confidenceInterval()).isNotNull();
  }

  @Test
  void aFileThatIsNotTheRecordItShouldBeIsOneLineNamingIt() throws Exception {
    Path setDir = Files.createDirectories(root.resolve("torn-repeats"));
    Files.writeString(setDir.resolve("repeats.json"), "{\"name\": \"quick\", \"runs\": [");
    Path notARun = Files.createDirectories(root.resolve("empty"));

    assertThatThrownBy(() -> ResultsDirectory.repeatSetOf(setDir))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(setDir.resolve("repeats.json") + ": not a readable repeats.json (")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> ResultsDirectory.summaryOf(notARun))
        .isInstanceOf(ConfigException.class)
        .hasMessage(notARun + ": not a results folder (no summary.json)");
    assertThatThrownBy(() -> ResultsDirectory.summaryOf(root.resolve("gone")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(root.resolve("gone") + ": no such folder");
  }
}
