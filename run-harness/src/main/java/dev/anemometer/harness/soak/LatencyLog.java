package dev.anemometer.harness.soak;

import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import tools.jackson.databind.JsonNode;

/**
 * One target's latencies as the driver logged them: its status intervals ({@code intervals.jsonl},
 * with their phase and users) and the histogram of every operation in each of them ({@code
 * histograms-<target>.hlog}), so that the p99 of any run of intervals is exact rather than an
 * average of p99s.
 */
final class LatencyLog {

  /** One status interval of the driver, in milliseconds since its start. */
  record Interval(long fromMillis, long toMillis, String phase, int users) {

    /** Whether its middle is in [fromMillis, toMillis). */
    boolean within(long from, long to) {
      double middle = (fromMillis + toMillis) / 2.0;
      return middle >= from && middle < to;
    }
  }

  private final String target;
  private final List<Interval> intervals;
  // Per operation, the histogram of each interval, by the interval's index.
  private final Map<String, Map<Integer, Histogram>> histograms;

  private LatencyLog(
      String target, List<Interval> intervals, Map<String, Map<Integer, Histogram>> histograms) {
    this.target = target;
    this.intervals = intervals;
    this.histograms = histograms;
  }

  /** Every target of a driver folder, in the order of its interval lines. */
  static List<LatencyLog> read(Path driverDir) {
    Map<String, List<Interval>> byTarget = new LinkedHashMap<>();
    Path lines = driverDir.resolve("intervals.jsonl");
    if (Files.isRegularFile(lines)) {
      try {
        for (String line : Files.readAllLines(lines)) {
          interval(line, byTarget);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + lines, e);
      }
    }
    List<LatencyLog> logs = new ArrayList<>();
    byTarget.forEach(
        (target, intervals) ->
            logs.add(
                new LatencyLog(
                    target,
                    intervals,
                    histograms(driverDir.resolve("histograms-" + target + ".hlog"), intervals))));
    return logs;
  }

  private static void interval(String line, Map<String, List<Interval>> byTarget) {
    if (line.isBlank()) {
      return;
    }
    try {
      JsonNode node = Json.compact().readTree(line);
      byTarget
          .computeIfAbsent(node.path("target").asString(""), t -> new ArrayList<>())
          .add(
              new Interval(
                  node.path("fromMillis").asLong(),
                  node.path("toMillis").asLong(),
                  node.path("phase").asString(""),
                  node.path("users").asInt()));
    } catch (RuntimeException torn) {
      // the last line of a run killed mid-write
    }
  }

  /**
   * The log's histograms placed in their intervals by time: each is stamped with its interval's
   * start and end (milliseconds since the log's start time), so its middle falls inside it.
   */
  private static Map<String, Map<Integer, Histogram>> histograms(
      Path log, List<Interval> intervals) {
    Map<String, Map<Integer, Histogram>> histograms = new LinkedHashMap<>();
    if (!Files.isRegularFile(log)) {
      return histograms;
    }
    try (InputStream in = Files.newInputStream(log)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      while (true) {
        EncodableHistogram next;
        try {
          next = reader.nextIntervalHistogram();
        } catch (RuntimeException torn) {
          break;
        }
        if (next == null) {
          break;
        }
        if (!(next instanceof Histogram histogram)
            || histogram.getTag() == null
            || histogram.getTag().endsWith("-wire")) {
          continue;
        }
        long start = Math.round(reader.getStartTimeSec() * 1000);
        double middle = (histogram.getStartTimeStamp() + histogram.getEndTimeStamp()) / 2.0 - start;
        int index = containing(intervals, middle);
        if (index >= 0) {
          histograms
              .computeIfAbsent(histogram.getTag(), tag -> new LinkedHashMap<>())
              .put(index, histogram);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + log, e);
    }
    return histograms;
  }

  private static int containing(List<Interval> intervals, double millis) {
    for (int i = 0; i < intervals.size(); i++) {
      if (millis >= intervals.get(i).fromMillis() && millis < intervals.get(i).toMillis()) {
        return i;
      }
    }
    return -1;
  }

  String target() {
    return target;
  }

  List<Interval> intervals() {
    return intervals;
  }

  /** The operations logged, in their order of appearance. */
  List<String> operations() {
    return List.copyOf(histograms.keySet());
  }

  /**
   * The operation's latencies (µs) over every interval whose middle is in [fromMillis, toMillis):
   * status intervals are about, not exactly, as long as the driver was asked.
   */
  Histogram merged(String operation, long fromMillis, long toMillis) {
    Histogram merged = new Histogram(3);
    Map<Integer, Histogram> own = histograms.getOrDefault(operation, Map.of());
    for (int i = 0; i < intervals.size(); i++) {
      Interval interval = intervals.get(i);
      Histogram histogram = own.get(i);
      if (histogram != null && interval.within(fromMillis, toMillis)) {
        merged.add(histogram);
      }
    }
    return merged;
  }
}
