package dev.anemometer.harness.console;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The load phase's live line per status interval: a progress bar over the load path (when its
 * length is known; findMax is open-ended), the phase and the time spent in its current segment
 * (each findMax step, probe phase, QoS period and interval segment counts from 0:00), users, ops/s,
 * the worst p99 and the interval's QoS verdict with the first failed rule. Only QoS intervals are
 * judged: the others say so rather than show a verdict that does not count. On a terminal the line
 * is rewritten in place and a new line starts with each segment; in a log (not a TTY) each interval
 * gets a plain line with no escape or carriage-return characters.
 */
public final class LoadProgress implements RunListener {

  private static final int BAR_WIDTH = 24;
  private static final int WINDOW_FAILURES_SHOWN = 3;

  private final PrintStream out;
  private final Duration length;
  private final boolean terminal;
  private int lastLength;
  private final Map<String, Long> segmentStarts = new HashMap<>();

  public LoadProgress(PrintStream out, Duration length, boolean terminal) {
    this.out = out;
    this.length = length;
    this.terminal = terminal;
  }

  @Override
  public synchronized void onStatus(StatusReport report) {
    Long previousStart = segmentStarts.put(report.targetId(), report.segmentStartMillis());
    if (previousStart == null || previousStart != report.segmentStartMillis()) {
      endLine();
    }
    String line = line(report);
    if (terminal) {
      out.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
      lastLength = line.length();
    } else {
      out.println(line);
    }
    out.flush();
  }

  @Override
  public synchronized void onWindow(WindowResult window) {
    endLine();
    out.printf(
        Locale.ROOT,
        "           %s window %d at %d users%s: %s%s%n",
        window.targetId(),
        window.index() + 1,
        window.users(),
        Double.isNaN(window.machineBusyPercent())
            ? ""
            : String.format(Locale.ROOT, " (machine %.1f %% busy)", window.machineBusyPercent()),
        window.verdict().passed()
            ? "PASS"
            : "FAIL: " + firstFailures(window.verdict().failureMessages()),
        window.verdict().valid()
            ? ""
            : "  INVALID: " + String.join("; ", window.verdict().invalidReasons()));
    out.flush();
  }

  /** A window can fail a rule per operation: the console names a few, report.html all. */
  public static String firstFailures(List<String> failed) {
    int shown = Math.min(failed.size(), WINDOW_FAILURES_SHOWN);
    return String.join("; ", failed.subList(0, shown))
        + (failed.size() > shown ? " (+" + (failed.size() - shown) + " more in report.html)" : "");
  }

  private void endLine() {
    if (terminal && lastLength > 0) {
      out.println();
      lastLength = 0;
    }
  }

  String line(StatusReport report) {
    IntervalStats stats = report.stats();
    long worstP99Micros = 0;
    String worst = "-";
    for (Map.Entry<OperationType, OperationStats> entry : stats.operations().entrySet()) {
      // GetNextBid is a long poll: its latency is the auction's pace, not the server's.
      if (entry.getKey() == OperationType.GET_NEXT_BID || entry.getValue().successes() == 0) {
        continue;
      }
      long p99 = entry.getValue().latencyMicros().getValueAtPercentile(99);
      if (p99 > worstP99Micros) {
        worstP99Micros = p99;
        worst = entry.getKey().displayName();
      }
    }
    double seconds = stats.durationNanos() / 1e9;
    return String.format(
        Locale.ROOT,
        "           %s %s %-9s %5s  users %5d  ops/s %7.1f  p99 %6.0f ms (%s)  bid seen p99 %s  %s%s",
        report.targetId(),
        progress(Duration.ofMillis(report.elapsedMillis())),
        report.phase(),
        clock(Duration.ofMillis(report.elapsedMillis() - report.segmentStartMillis())),
        report.users(),
        seconds <= 0 ? 0 : stats.totalOperations() / seconds,
        worstP99Micros / 1000.0,
        worst,
        bidSeenP99(stats),
        verdict(report),
        report.verdict().valid()
            ? ""
            : "  INVALID: " + String.join("; ", report.verdict().invalidReasons()));
  }

  /** How late followers learned of new bids ("-": none delivered in the interval). */
  private static String bidSeenP99(IntervalStats stats) {
    Histogram micros = stats.notification(Notification.BID);
    return micros.getTotalCount() == 0
        ? "-"
        : String.format(Locale.ROOT, "%.0f ms", micros.getValueAtPercentile(99) / 1000.0);
  }

  private static String verdict(StatusReport report) {
    if (report.phase() != LoadPhase.QOS && report.phase() != LoadPhase.STEP) {
      return "QoS not judged";
    }
    List<String> failed = report.verdict().failureMessages();
    if (report.verdict().passed() || failed.isEmpty()) {
      return report.verdict().passed() ? "QoS pass" : "QoS FAIL";
    }
    return "QoS FAIL: "
        + failed.get(0)
        + (failed.size() > 1 ? " (+" + (failed.size() - 1) + " more)" : "");
  }

  /** {@code [#########...............] 38 % 1:54/5:00}, or the elapsed time if open-ended. */
  String progress(Duration elapsed) {
    if (length.isZero()) {
      return "[" + clock(elapsed) + "]";
    }
    double fraction = Math.min(1, (double) elapsed.toMillis() / length.toMillis());
    int filled = (int) Math.round(fraction * BAR_WIDTH);
    return String.format(
        Locale.ROOT,
        "[%s%s] %3d %% %s/%s",
        "#".repeat(filled),
        ".".repeat(BAR_WIDTH - filled),
        Math.round(fraction * 100),
        clock(elapsed),
        clock(length));
  }

  private static String clock(Duration duration) {
    long seconds = duration.toSeconds();
    return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
  }
}
