package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.results.ResultsDirectory;
import dev.anemometer.harness.results.RunSummary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What every run leaves behind, whether it ended, failed or was interrupted. */
class RunRecordTest {

  @TempDir Path root;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(out, true, StandardCharsets.UTF_8), false);

  @Test
  void anInterruptedRunGetsItsSummaryCsvLineAndReport() throws Exception {
    ResultsDirectory results =
        ResultsDirectory.create(
            root, "cut-short", Clock.fixed(Instant.parse("2026-11-22T06:00:00Z"), ZoneOffset.UTC));
    results.events().record("interrupted", "run", java.util.Map.of());

    RunProcedure.record(results, summary("INTERRUPTED", 3), console);

    assertThat(results.dir().resolve("summary.json")).content().contains("\"INTERRUPTED\"");
    assertThat(root.resolve("results.csv")).content().contains("cut-short");
    Path report = results.dir().resolve("report.html");
    assertThat(report).content().contains("\"outcome\":\"INTERRUPTED\"").contains("interrupted");
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("report: " + report);
    try (Stream<Path> files = Files.list(results.dir())) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
    // readable like the folder's other files, not owner-only like a temp file
    assertThat(Files.getPosixFilePermissions(report))
        .isEqualTo(Files.getPosixFilePermissions(results.dir().resolve("summary.json")));
  }

  @Test
  void aRunThatBrokeBeforeTheLoadStillGetsAReport() {
    ResultsDirectory results = ResultsDirectory.create(root, "broken", Clock.systemUTC());

    RunProcedure.record(results, summary("ERROR", 3), console);

    assertThat(results.dir().resolve("report.html")).content().contains("\"outcome\":\"ERROR\"");
  }

  private static RunSummary summary(String outcome, int exitCode) {
    return new RunSummary(
        "cut-short",
        "quickstart",
        "local",
        "fixed",
        "2026-11-22T06:00:00Z",
        42,
        outcome,
        exitCode,
        null,
        List.of(),
        null,
        null,
        "interrupted (Ctrl-C or a signal); tiers stopped, collected files kept");
  }
}
