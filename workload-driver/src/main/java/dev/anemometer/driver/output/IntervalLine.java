package dev.anemometer.driver.output;

import java.util.List;

/**
 * One status interval of one target, a line of {@code intervals.jsonl}: what the driver saw over
 * the interval, judged by the QoS rules as a window would be (for the live view; only windows
 * decide a run).
 *
 * @param fromMillis the interval's start, from the start of the load
 * @param toMillis its end
 * @param phase the load path's phase ({@code RAMP_UP}, {@code WARM_UP}, {@code QOS}, …)
 * @param invalidReasons why the driver could not stand behind the interval's figures, if so
 */
public record IntervalLine(
    String target,
    long fromMillis,
    long toMillis,
    int users,
    String phase,
    boolean qosPassed,
    List<String> invalidReasons,
    DriverHealthLine driver,
    List<OperationSummary> operations,
    List<NotificationSummary> notifications) {

  public IntervalLine {
    invalidReasons = invalidReasons == null ? List.of() : List.copyOf(invalidReasons);
    operations = operations == null ? List.of() : List.copyOf(operations);
    notifications = notifications == null ? List.of() : List.copyOf(notifications);
  }
}
