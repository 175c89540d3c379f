package dev.anemometer.harness.results;

import dev.anemometer.driver.loadpath.Bracket;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code results/results.csv}: one line per run, and one per repeat set at its end. Columns are
 * only ever added at the end: a line written before them has fewer fields, read as empty, and a
 * file that starts with an older header gets the current one.
 */
public final class ResultsCsv {

  public static final String FILE = "results.csv";

  static final String HEADER =
      "started_at,name,preset,target,strategy,outcome,exit_code,peak_users,duration_s,directory,"
          + "highest_pass,lowest_fail,repeat_runs,mean,ci95_half_width,ci95_low,ci95_high";

  private ResultsCsv() {}

  /**
   * One line: a run's (its bracket with findMax) or a repeat set's (the mean of its headline with
   * its confidence interval, over the runs that gave one; no peak of its own).
   *
   * @param directory relative to the results root
   * @param repeatRuns a set's runs with a headline; null for a run
   */
  public record Line(
      String startedAt,
      String name,
      String preset,
      String target,
      String strategy,
      String outcome,
      int exitCode,
      Integer peakUsers,
      long durationSeconds,
      String directory,
      Bracket bracket,
      Integer repeatRuns,
      Double mean,
      ConfidenceInterval confidenceInterval) {

    public static Line ofRun(RunSummary summary, String directory) {
      return new Line(
          summary.startedAt(),
          summary.name(),
          summary.preset(),
          summary.target(),
          summary.strategy(),
          summary.outcome(),
          summary.exitCode(),
          summary.peakUsers(),
          summary.durationSeconds(),
          directory,
          summary.bracket(),
          null,
          null,
          null);
    }

    private List<String> fields() {
      ConfidenceInterval ci = confidenceInterval;
      return List.of(
          text(startedAt),
          text(name),
          text(preset),
          text(target),
          text(strategy),
          text(outcome),
          String.valueOf(exitCode),
          text(peakUsers),
          String.valueOf(durationSeconds),
          text(directory),
          bracket == null ? "" : String.valueOf(bracket.highestPass()),
          bracket == null ? "" : text(bracket.lowestFail()),
          text(repeatRuns),
          decimal(mean),
          ci == null ? "" : decimal(ci.halfWidth()),
          ci == null ? "" : decimal(ci.low()),
          ci == null ? "" : decimal(ci.high()));
    }
  }

  /** Appends the line, with the header if the file is new. */
  public static void append(Path resultsRoot, Line line) {
    Path csv = resultsRoot.resolve(FILE);
    String text = line.fields().stream().map(ResultsCsv::field).collect(Collectors.joining(","));
    try {
      if (!Files.exists(csv)) {
        Files.writeString(csv, HEADER + "\n", StandardCharsets.UTF_8);
      } else {
        upgradeHeader(csv);
      }
      Files.writeString(csv, text + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + csv, e);
    }
  }

  /** A file begun by an older harness: its header is a prefix of this one; its lines stay. */
  private static void upgradeHeader(Path csv) throws IOException {
    String first;
    try (BufferedReader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      first = reader.readLine();
    }
    if (first == null || first.equals(HEADER) || !HEADER.startsWith(first + ",")) {
      return;
    }
    List<String> lines = new ArrayList<>(Files.readAllLines(csv, StandardCharsets.UTF_8));
    lines.set(0, HEADER);
    Path upgraded = csv.resolveSibling(FILE + ".tmp");
    Files.write(upgraded, lines, StandardCharsets.UTF_8);
    Files.move(upgraded, csv, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static String text(Object value) {
    return value == null ? "" : String.valueOf(value);
  }

  private static String decimal(Double value) {
    return value == null ? "" : String.format(Locale.ROOT, "%.1f", value);
  }

  private static String field(String value) {
    return value.contains(",") || value.contains("\"")
        ? "\"" + value.replace("\"", "\"\"") + "\""
        : value;
  }
}
