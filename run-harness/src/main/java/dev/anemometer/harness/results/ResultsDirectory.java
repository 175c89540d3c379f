package dev.anemometer.harness.results;

import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.json.EventLog;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.platform.Platform;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code results/<yyyyMMdd-HHmmss>-<name>/} of SPEC §4.8: config.yaml, tuning/, logs/, driver/,
 * events.jsonl, summary.json; and one line per run in {@code results/results.csv}.
 */
public final class ResultsDirectory {

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

  /**
   * The {@code summary.json} of results folder {@code dir}, typed as it was written; empty when the
   * folder has none or it is not a run's summary. A field an older harness did not write reads as
   * absent (zero, false, null).
   */
  public static Optional<RunSummary> readSummary(Path dir) {
    Path file = dir.resolve("summary.json");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(SUMMARY_READER.readValue(file.toFile(), RunSummary.class));
    } catch (JacksonException unreadable) {
      return Optional.empty();
    }
  }

  /**
   * The {@code summary.json} of a results folder a person named ({@code report}, {@code compare}),
   * typed; a one-line error naming the folder when it is not a run's.
   */
  public static RunSummary summaryOf(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new ConfigException(dir + ": no such folder");
    }
    Path file = dir.resolve("summary.json");
    if (!Files.isRegularFile(file)) {
      throw new ConfigException(dir + ": not a results folder (no summary.json)");
    }
    return read(file, RunSummary.class);
  }

  /** A repeat set's {@code repeats.json}, typed; a one-line error naming it when unreadable. */
  public static RepeatSet repeatSetOf(Path setDir) {
    return read(setDir.resolve(StudyFolder.Kind.REPEATS.file()), RepeatSet.class);
  }

  private static <T> T read(Path file, Class<T> type) {
    try {
      return SUMMARY_READER.readValue(file.toFile(), type);
    } catch (JacksonException e) {
      // Jackson's message goes on with the source location over more lines: keep the first.
      String reason = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
      throw new ConfigException(
          file + ": not a readable " + file.getFileName() + " (" + reason + ")");
    }
  }

  private static final JsonMapper SUMMARY_READER =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  /** {@code platform.json}: the platform block on its own, written as soon as it is known. */
  public void writePlatform(Platform platform) {
    write(dir.resolve("platform.json"), Json.pretty().writeValueAsString(platform) + "\n");
  }

  /** Appends the run's line to {@code results.csv} (see {@link ResultsCsv}). */
  public void appendCsv(RunSummary summary) {
    ResultsCsv.append(root, ResultsCsv.Line.ofRun(summary, root.relativize(dir).toString()));
  }

  /**
   * Writes beside the file, then moves over it: a full disk or a kill midway leaves the previous
   * file whole (the interrupt hook and the end of a run both write the summary), never half of one.
   */
  static void write(Path file, String text) {
    Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
    try {
      Files.writeString(temporary, text, StandardCharsets.UTF_8);
      Files.move(
          temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(temporary);
      } catch (IOException ignored) {
        // the write failed already; that is the error to report
      }
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
