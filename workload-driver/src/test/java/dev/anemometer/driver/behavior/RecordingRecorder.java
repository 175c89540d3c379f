package dev.anemometer.driver.behavior;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.stats.OperationRecorder;
import java.util.ArrayList;
import java.util.List;

/** Keeps every recorded operation for the test to inspect. */
final class RecordingRecorder implements OperationRecorder {

  record Recorded(
      OperationType type, long intendedStartNanos, long endNanos, long wireNanos, String failure) {}

  record Notified(Notification kind, long latencyMicros) {}

  final List<Recorded> records = new ArrayList<>();
  final List<Notified> notifications = new ArrayList<>();

  @Override
  public void recordNotification(Notification kind, long latencyMicros) {
    notifications.add(new Notified(kind, latencyMicros));
  }

  @Override
  public void record(
      OperationType type,
      long intendedStartNanos,
      long endNanos,
      long wireNanos,
      String failureReason) {
    records.add(new Recorded(type, intendedStartNanos, endNanos, wireNanos, failureReason));
  }

  List<Recorded> of(OperationType type) {
    return records.stream().filter(r -> r.type() == type).toList();
  }
}
