package dev.anemometer.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.Bracket;
import dev.anemometer.harness.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsCsvTest {

  private static final String OLD_HEADER =
      "started_at,name,preset,target,strategy,outcome,exit_code,peak_users,duration_s,directory";
  private static final String OLD_LINE =
      "2026-11-20T10:00:00Z,old,local,local,findMax,PASSED,0,1700,900,20261120-100000-old";

  @TempDir Path root;

  @Test
  void aFindMaxRunsLineEndsWithItsBracket() throws Exception {
    ResultsCsv.append(root, ResultsCsv.Line.ofRun(findMax(new Bracket(1790, 1850)), "run-1"));
    ResultsCsv.append(root, ResultsCsv.Line.ofRun(findMax(new Bracket(800, null)), "run-2"));

    assertThat(Files.readAllLines(root.resolve(ResultsCsv.FILE)))
        .containsExactly(
            ResultsCsv.HEADER,
            "2026-11-25T08:00:00Z,t,local,local,findMax,PASSED,0,1790,600,run-1,1790,1850,,,,,",
            "2026-11-25T08:00:00Z,t,local,local,findMax,PASSED,0,1790,600,run-2,800,,,,,,");
  }

  @Test
  void aRepeatSetsLineHasTheMeanWithItsConfidenceIntervalAndNoPeakOfItsOwn() throws Exception {
    ResultsCsv.append(
        root,
        new ResultsCsv.Line(
            "2026-11-25T07:59:00Z",
            "t",
            "local",
            "local",
            "findMax",
            "PASSED",
            0,
            null,
            1800,
            "20261125-075900-t-repeats",
            null,
            3,
            4050.0,
            ConfidenceInterval.ofMean(4050, 50, 3)));

    assertThat(Files.readAllLines(root.resolve(ResultsCsv.FILE)).get(1))
        .isEqualTo(
            "2026-11-25T07:59:00Z,t,local,local,findMax,PASSED,0,,1800,20261125-075900-t-repeats"
                + ",,,3,4050.0,124.2,3925.8,4174.2");
  }

  @Test
  void aFileBegunBeforeTheNewColumnsGetsTheNewHeaderAndKeepsItsLines() throws Exception {
    Path csv = root.resolve(ResultsCsv.FILE);
    Files.writeString(csv, OLD_HEADER + "\n" + OLD_LINE + "\n");

    ResultsCsv.append(root, ResultsCsv.Line.ofRun(findMax(new Bracket(1790, 1850)), "run-1"));

    List<String> lines = Files.readAllLines(csv);
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).isEqualTo(ResultsCsv.HEADER).startsWith(OLD_HEADER + ",");
    assertThat(lines.get(1)).isEqualTo(OLD_LINE);
    assertThat(lines.get(2)).endsWith(",run-1,1790,1850,,,,,");
  }

  @Test
  void aFileWithAHeaderOfItsOwnIsLeftAsItIs() throws Exception {
    Path csv = root.resolve(ResultsCsv.FILE);
    Files.writeString(csv, "something,else\n");

    ResultsCsv.append(root, ResultsCsv.Line.ofRun(findMax(null), "run-1"));

    assertThat(Files.readAllLines(csv).get(0)).isEqualTo("something,else");
  }

  /** A findMax run's summary.json as the harness writes it, with this bracket (or none). */
  private static RunSummary findMax(Bracket bracket) {
    String summary =
        "{\"name\": \"t\", \"preset\": \"local\", \"target\": \"local\", \"strategy\":"
            + " \"findMax\", \"startedAt\": \"2026-11-25T08:00:00Z\", \"durationSeconds\": 600,"
            + " \"outcome\": \"PASSED\", \"exitCode\": 0, \"peakUsers\": 1790, \"instances\": [],"
            + " \"bracket\": "
            + Json.pretty().writeValueAsString(bracket)
            + "}";
    return Json.pretty().readValue(summary, RunSummary.class);
  }
}
