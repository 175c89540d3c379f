package dev.anemometer.harness.results;

import dev.anemometer.harness.json.EventLog;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.platform.Platform;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code results/<yyyyMMdd-HHmmss>-<name>/} of SPEC §4.8: config.yaml, tuning/, logs/, driver/,
 * events.jsonl, summary.json; and one line per run in {@code results/results.csv}.
 */
public final class ResultsDirectory {

  static final String CSV_HEADER =
      "started_at,name,preset,target,strategy,outcome,exit_code,peak_users,duration_s,directory";
  private static final DateTimeFormatter FOLDER =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  private final Path root;
  private final Path dir;
  private final EventLog events;

  private ResultsDirectory(Path root, Path dir, Clock clock) {
    this.root = root;
    this.dir = dir;
    this.events = new EventLog(dir.resolve("events.jsonl"), clock);
  }

  public static ResultsDirectory create(Path resultsRoot, String name, Clock clock) {
    // Absolute: tiers resolve relative paths against their own folders (nginx its prefix).
    Path root = resultsRoot.toAbsolutePath().normalize();
    Path dir = newFolder(root, name, clock);
    try {
      Files.createDirectories(dir.resolve("tuning"));
      Files.createDirectories(dir.resolve("logs"));
      Files.createDirectories(dir.resolve("driver"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create results folder " + dir, e);
    }
    return new ResultsDirectory(root, dir, clock);
  }

  /** {@code <root>/<yyyyMMdd-HHmmss>-<name>}, with {@code -2}, {@code -3}… if it exists. */
  static Path newFolder(Path root, String name, Clock clock) {
    String stamp = FOLDER.format(clock.instant());
    Path dir = root.resolve(stamp + "-" + name);
    for (int n = 2; Files.exists(dir); n++) {
      dir = root.resolve(stamp + "-" + name + "-" + n);
    }
    return dir;
  }

  public Path dir() {
    return dir;
  }

  public Path tuningDir() {
    return dir.resolve("tuning");
  }

  public Path logsDir() {
    return dir.resolve("logs");
  }

  public Path driverDir() {
    return dir.resolve("driver");
  }

  public EventLog events() {
    return events;
  }

  public void writeConfig(String resolvedYaml) {
    write(dir.resolve("config.yaml"), resolvedYaml);
  }

  public void writeSummary(RunSummary summary) {
    write(dir.resolve("summary.json"), Json.pretty().writeValueAsString(summary) + "\n");
  }

  /** {@code platform.json}: the platform block on its own, written as soon as it is known. */
  public void writePlatform(Platform platform) {
    write(dir.resolve("platform.json"), Json.pretty().writeValueAsString(platform) + "\n");
  }

  /** Appends the run's line to {@code results.csv}, with the header if the file is new. */
  public void appendCsv(RunSummary summary) {
    Path csv = root.resolve("results.csv");
    String line =
        List.of(
                summary.startedAt(),
                summary.name(),
                summary.preset(),
                summary.target(),
                summary.strategy(),
                summary.outcome(),
                String.valueOf(summary.exitCode()),
                summary.peakUsers() == null ? "" : String.valueOf(summary.peakUsers()),
                String.valueOf(summary.durationSeconds()),
                root.relativize(dir).toString())
            .stream()
            .map(ResultsDirectory::csvField)
            .collect(Collectors.joining(","));
    try {
      if (!Files.exists(csv)) {
        Files.writeString(csv, CSV_HEADER + "\n", StandardCharsets.UTF_8);
      }
      Files.writeString(csv, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + csv, e);
    }
  }

  private static String csvField(String value) {
    if (value == null) {
      return "";
    }
    return value.contains(",") || value.contains("\"")
        ? "\"" + value.replace("\"", "\"\"") + "\""
        : value;
  }

  static void write(Path file, String text) {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
