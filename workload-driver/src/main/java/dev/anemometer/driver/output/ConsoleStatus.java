package dev.anemometer.driver.output;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.run.TargetResult;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.driver.stats.Durations;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The live console line: on a terminal one line rewritten in place ({@code \r}) with every target;
 * otherwise (CI logs, pipes) one plain line per status interval. Judged windows and the final
 * verdict always get lines of their own.
 */
public final class ConsoleStatus implements RunListener {

  private final PrintStream out;
  private final boolean terminal;
  private final Map<String, String> latest = new LinkedHashMap<>();
  private int lastLength;

  public ConsoleStatus(PrintStream out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** Rewrites in place only when attached to a terminal. */
  public static ConsoleStatus forStdout() {
    return new ConsoleStatus(System.out, System.console() != null);
  }

  @Override
  public synchronized void onStatus(StatusReport report) {
    String line = statusLine(report);
    if (!terminal) {
      out.println(line);
      return;
    }
    latest.put(report.targetId(), line);
    String combined = String.join(" | ", latest.values());
    int padding = Math.max(0, lastLength - combined.length());
    out.print("\r" + combined + " ".repeat(padding));
    out.flush();
    lastLength = combined.length();
  }

  @Override
  public synchronized void onWindow(WindowResult window) {
    String verdict =
        window.verdict().passed() ? "PASS" : "FAIL " + window.verdict().failureMessages();
    String validity =
        window.verdict().valid() ? "" : " INVALID " + window.verdict().invalidReasons();
    println(
        String.format(
            Locale.ROOT,
            "%s window %d (%ds-%ds, %d users): %s%s",
            window.targetId(),
            window.index() + 1,
            window.startMillis() / 1000,
            window.endMillis() / 1000,
            window.users(),
            verdict,
            validity));
  }

  @Override
  public synchronized void onFinish(RunResult result) {
    for (TargetResult target : result.targets()) {
      String peak = target.peakUsers() == null ? "" : " peak users " + target.peakUsers();
      println(
          target.id()
              + ": "
              + (target.passed() ? "PASS" : "FAIL")
              + (target.valid() ? "" : " (INVALID: the driver was the bottleneck)")
              + peak);
    }
    println(
        "run "
            + result.name()
            + ": "
            + (result.passed() ? "PASS" : "FAIL")
            + (result.stopped() ? " (stopped early)" : ""));
  }

  static String statusLine(StatusReport report) {
    IntervalStats stats = report.stats();
    long total = stats.totalOperations();
    long failures = 0;
    long worstP99 = 0;
    String worstOperation = "-";
    for (Map.Entry<OperationType, OperationStats> entry : stats.operations().entrySet()) {
      OperationStats operation = entry.getValue();
      failures += operation.failureCount();
      if (entry.getKey() == OperationType.GET_NEXT_BID || operation.successes() == 0) {
        continue;
      }
      long p99 = operation.latencyMicros().getValueAtPercentile(99);
      if (p99 > worstP99) {
        worstP99 = p99;
        worstOperation = entry.getKey().displayName();
      }
    }
    double seconds = stats.durationNanos() / 1e9;
    return String.format(
        Locale.ROOT,
        "%s %4ds %-9s users %d  ops/s %.1f  worst p99 %s (%s)  bid seen p99 %s  failed %.2f %%"
            + "  QoS %s%s",
        report.targetId(),
        report.elapsedMillis() / 1000,
        report.phase(),
        report.users(),
        seconds <= 0 ? 0 : total / seconds,
        Durations.format(worstP99),
        worstOperation,
        p99(stats.notification(Notification.BID)),
        total == 0 ? 0 : failures * 100.0 / total,
        report.verdict().passed() ? "pass" : "fail",
        report.verdict().valid() ? "" : "  INVALID");
  }

  /** A follower's view of the auction: how late it learned of new bids ("-": none delivered). */
  private static String p99(Histogram micros) {
    return micros.getTotalCount() == 0 ? "-" : Durations.format(micros.getValueAtPercentile(99));
  }

  private void println(String line) {
    if (terminal && lastLength > 0) {
      out.print("\r" + " ".repeat(lastLength) + "\r");
      lastLength = 0;
      latest.clear();
    }
    out.println(line);
  }
}
