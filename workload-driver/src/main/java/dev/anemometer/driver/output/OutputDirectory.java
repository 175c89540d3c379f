package dev.anemometer.driver.output;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.run.TargetResult;
import dev.anemometer.driver.run.WindowResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a run into a directory: {@code intervals.jsonl} and {@code intervals.csv} (live status
 * intervals), {@code windows.jsonl} (judged windows with their verdicts), one HdrHistogram interval
 * log per target ({@code histograms-<target>.hlog}, tagged by operation), {@code summary.json} and
 * {@code acknowledged-bids.csv} (every bid the app acknowledged, for a hand audit).
 */
public final class OutputDirectory implements RunListener, AutoCloseable {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final Path directory;
  private final LongSupplier wallClockMillis;
  private final BufferedWriter intervalsJson;
  private final BufferedWriter windowsJson;
  private final BufferedWriter intervalsCsv;
  private final Map<String, HistogramLogWriter> histogramLogs = new HashMap<>();
  private final Map<String, OutputStream> histogramStreams = new HashMap<>();
  private final Map<String, Long> lastStatusMillis = new HashMap<>();
  private long startWallMillis;

  public OutputDirectory(Path directory, LongSupplier wallClockMillis) {
    this.directory = directory;
    this.wallClockMillis = wallClockMillis;
    try {
      Files.createDirectories(directory);
      intervalsJson = Files.newBufferedWriter(directory.resolve(DriverFiles.INTERVALS));
      windowsJson = Files.newBufferedWriter(directory.resolve(DriverFiles.WINDOWS));
      intervalsCsv = Files.newBufferedWriter(directory.resolve("intervals.csv"));
      intervalsCsv.write(CsvRows.HEADER);
      intervalsCsv.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results to " + directory, e);
    }
  }

  public Path directory() {
    return directory;
  }

  @Override
  public void onStart(RunSpec spec) {
    startWallMillis = wallClockMillis.getAsLong();
    spec.targets().forEach(target -> histogramLog(target.id()));
  }

  @Override
  public void onStatus(StatusReport report) {
    long fromMillis = lastStatusMillis.getOrDefault(report.targetId(), 0L);
    lastStatusMillis.put(report.targetId(), report.elapsedMillis());
    List<OperationSummary> operations = OperationSummary.of(report.stats(), report.verdict());
    write(
        intervalsJson,
        new IntervalLine(
            report.targetId(),
            fromMillis,
            report.elapsedMillis(),
            report.users(),
            report.phase().name(),
            report.verdict().passed(),
            report.verdict().invalidReasons(),
            DriverHealthLine.of(report.stats().health()),
            operations,
            NotificationSummary.of(report.stats(), report.verdict())));
    try {
      for (OperationSummary operation : operations) {
        intervalsCsv.write(CsvRows.row(report, fromMillis, operation));
        intervalsCsv.newLine();
      }
      intervalsCsv.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    HistogramLogWriter log = histogramLog(report.targetId());
    report
        .stats()
        .operations()
        .forEach(
            (type, stats) -> {
              long start = startWallMillis + fromMillis;
              long end = startWallMillis + report.elapsedMillis();
              log.outputIntervalHistogram(
                  tagged(stats.latencyMicros(), type.displayName(), start, end));
              log.outputIntervalHistogram(
                  tagged(stats.wireMicros(), type.displayName() + "-wire", start, end));
            });
    report
        .stats()
        .notificationMicros()
        .forEach(
            (kind, micros) ->
                log.outputIntervalHistogram(
                    tagged(
                        micros,
                        kind.displayName(),
                        startWallMillis + fromMillis,
                        startWallMillis + report.elapsedMillis())));
  }

  private static Histogram tagged(Histogram source, String tag, long startMillis, long endMillis) {
    Histogram histogram = source.copy();
    histogram.setTag(tag);
    histogram.setStartTimeStamp(startMillis);
    histogram.setEndTimeStamp(endMillis);
    return histogram;
  }

  @Override
  public void onWindow(WindowResult window) {
    write(
        windowsJson,
        new WindowLine(
            window.targetId(),
            window.index(),
            window.startMillis(),
            window.endMillis(),
            window.users(),
            window.verdict().passed(),
            window.verdict().valid(),
            window.verdict().failureMessages(),
            window.verdict().invalidReasons(),
            window.machineBusyPercentOrNull(),
            DriverHealthLine.of(window.stats().health()),
            OperationSummary.of(window.stats(), window.verdict()),
            NotificationSummary.of(window.stats(), window.verdict())));
  }

  @Override
  public void onFinish(RunResult result) {
    try (OutputStream out = Files.newOutputStream(directory.resolve("summary.json"))) {
      JSON.writerWithDefaultPrettyPrinter().writeValue(out, summary(result));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    AcknowledgedBidsCsv.write(directory, result.targets());
    close();
  }

  /** What {@code summary.json} holds, for a caller that runs the driver in its own JVM. */
  public static DriverSummary summary(RunResult result) {
    List<DriverSummary.Target> targets =
        result.targets().stream().map(OutputDirectory::targetSummary).toList();
    return new DriverSummary(
        result.name(), result.passed(), result.valid(), result.stopped(), targets);
  }

  private static DriverSummary.Target targetSummary(TargetResult target) {
    Set<String> invalid = new LinkedHashSet<>();
    target.windows().forEach(window -> invalid.addAll(window.verdict().invalidReasons()));
    List<DriverSummary.Window> windows =
        target.windows().stream()
            .map(
                w ->
                    new DriverSummary.Window(
                        w.index(),
                        w.startMillis(),
                        w.endMillis(),
                        w.users(),
                        w.verdict().passed(),
                        w.verdict().valid(),
                        w.verdict().calibrationDefect(),
                        w.verdict().failureMessages(),
                        w.verdict().invalidReasons(),
                        w.machineBusyPercentOrNull()))
            .toList();
    return new DriverSummary.Target(
        target.id(),
        target.passed(),
        target.valid(),
        target.peakUsers(),
        List.copyOf(invalid),
        windows,
        OperationSummary.of(target.judged(), target.judgedVerdict()),
        NotificationSummary.of(target.judged(), target.judgedVerdict()),
        CalibrationDefects.describe(target.windows()),
        failedAbovePeak(target),
        target.bracket());
  }

  /**
   * The rules that failed the lowest failing window above the peak (findMax), if any; of several at
   * that count the latest, the one the search acted on last (a probe or verification after the
   * climb's unwarmed step there). A window the driver invalidated decided nothing, so its failures
   * say nothing about the stack.
   */
  private static List<String> failedAbovePeak(TargetResult target) {
    if (target.peakUsers() == null) {
      return List.of();
    }
    return target.windows().stream()
        .filter(w -> w.users() > target.peakUsers() && !w.verdict().passed())
        .filter(w -> w.verdict().valid() && !w.verdict().calibrationDefect())
        .min(
            java.util.Comparator.comparingInt(WindowResult::users)
                .thenComparing(WindowResult::index, java.util.Comparator.reverseOrder()))
        .map(w -> w.verdict().failureMessages())
        .orElse(List.of());
  }

  @Override
  public void close() {
    try {
      intervalsJson.close();
      windowsJson.close();
      intervalsCsv.close();
      for (OutputStream stream : histogramStreams.values()) {
        stream.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private HistogramLogWriter histogramLog(String targetId) {
    return histogramLogs.computeIfAbsent(
        targetId,
        id -> {
          try {
            OutputStream stream =
                Files.newOutputStream(directory.resolve("histograms-" + id + ".hlog"));
            histogramStreams.put(id, stream);
            HistogramLogWriter writer = new HistogramLogWriter(stream);
            writer.outputComment(
                "Anemometer target "
                    + id
                    + ": latency from intended start (tag Operation) and wire time (tag"
                    + " Operation-wire), microseconds");
            writer.outputLogFormatVersion();
            writer.setBaseTime(startWallMillis);
            writer.outputStartTime(startWallMillis);
            writer.outputBaseTime(startWallMillis);
            writer.outputLegend();
            return writer;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  private static void write(BufferedWriter writer, Object line) {
    try {
      writer.write(new String(JSON.writeValueAsBytes(line), StandardCharsets.UTF_8));
      writer.newLine();
      writer.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
