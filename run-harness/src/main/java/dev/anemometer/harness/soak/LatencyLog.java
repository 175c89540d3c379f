package dev.anemometer.harness.soak;

import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.driver.output.IntervalLine;
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

/**
 * One target's latencies as the driver logged them: its status intervals ({@code intervals.jsonl},
 * with their phase and users) and the histogram of every operation in each of them ({@code
 * histograms-<target>.hlog}), so that the p99 of any run of intervals is exact rather than an
 * average of p99s. The histograms are streamed, never all held: an hour has thousands.
 */
final class LatencyLog {

  /** One status interval of the driver, in milliseconds since its start. */
  record Interval(long fromMillis, long toMillis, String phase, int users) {

    /** Whether its middle is in [from, to): intervals are about, not exactly, as long as asked. */
    boolean within(long from, long to) {
      double middle = (fromMillis + toMillis) / 2.0;
      return middle >= from && middle < to;
    }
  }

  /** Told each operation's latencies (µs) of each interval, in the log's order (time). */
  @FunctionalInterface
  interface Visitor {
    void histogram(String operation, Interval interval, Histogram latencies);
  }

  private final String target;
  private final List<Interval> intervals;
  private final Path log;

  private LatencyLog(String target, List<Interval> intervals, Path log) {
    this.target = target;
    this.intervals = intervals;
    this.log = log;
  }

  /** Every target of a driver folder, in the order of its interval lines. */
  static List<LatencyLog> read(Path driverDir) {
    Map<String, List<Interval>> byTarget = new LinkedHashMap<>();
    for (IntervalLine line : DriverFiles.intervals(driverDir)) {
      byTarget
          .computeIfAbsent(line.target() == null ? "" : line.target(), t -> new ArrayList<>())
          .add(
              new Interval(
                  line.fromMillis(),
                  line.toMillis(),
                  line.phase() == null ? "" : line.phase(),
                  line.users()));
    }
    List<LatencyLog> logs = new ArrayList<>();
    byTarget.forEach(
        (target, intervals) ->
            logs.add(
                new LatencyLog(
                    target, intervals, driverDir.resolve("histograms-" + target + ".hlog"))));
    return logs;
  }

  String target() {
    return target;
  }

  List<Interval> intervals() {
    return intervals;
  }

  /**
   * Reads the log and tells {@code visitor} every operation's latency histogram with its interval:
   * each histogram is stamped with its interval's start and end (since the log's start time), so
   * its middle falls inside it. Wire times ({@code <Operation>-wire}) are left out.
   */
  void visit(Visitor visitor) {
    if (!Files.isRegularFile(log)) {
      return;
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
        if (next instanceof Histogram histogram
            && histogram.getTag() != null
            && !histogram.getTag().endsWith("-wire")) {
          long start = Math.round(reader.getStartTimeSec() * 1000);
          long middle = (histogram.getStartTimeStamp() + histogram.getEndTimeStamp()) / 2 - start;
          Interval interval = containing(middle);
          if (interval != null) {
            visitor.histogram(histogram.getTag(), interval, histogram);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + log, e);
    }
  }

  /** The interval holding {@code millis}: intervals follow each other in time. */
  private Interval containing(long millis) {
    int low = 0;
    int high = intervals.size() - 1;
    while (low <= high) {
      int middle = (low + high) >>> 1;
      Interval interval = intervals.get(middle);
      if (millis < interval.fromMillis()) {
        high = middle - 1;
      } else if (millis >= interval.toMillis()) {
        low = middle + 1;
      } else {
        return interval;
      }
    }
    return null;
  }
}
