package dev.anemometer.driver.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One judged window of one target, a line of {@code windows.jsonl}: the figures and the verdict
 * that decide a run.
 *
 * @param startMillis the window's start, from the start of the load
 * @param endMillis its end
 * @param failures the messages of the rules it failed
 * @param invalidReasons why the driver could not stand behind its figures, if so
 * @param machineBusyPercent the machine's busy share over it, where the driver measured it
 */
public record WindowLine(
    String target,
    int index,
    long startMillis,
    long endMillis,
    int users,
    boolean passed,
    boolean valid,
    List<String> failures,
    List<String> invalidReasons,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double machineBusyPercent,
    DriverHealthLine driver,
    List<OperationSummary> operations,
    List<NotificationSummary> notifications) {

  public WindowLine {
    failures = failures == null ? List.of() : List.copyOf(failures);
    invalidReasons = invalidReasons == null ? List.of() : List.copyOf(invalidReasons);
    operations = operations == null ? List.of() : List.copyOf(operations);
    notifications = notifications == null ? List.of() : List.copyOf(notifications);
  }
}
