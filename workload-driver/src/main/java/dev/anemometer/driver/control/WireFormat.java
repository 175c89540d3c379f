package dev.anemometer.driver.control;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.Histograms;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The JSON bodies of the control API, and the exact encoding of interval stats within them. */
public final class WireFormat {

  private WireFormat() {}

  /**
   * One target's slice, as a worker runs it.
   *
   * @param behaviorYaml the behaviour file's content when {@code users.behavior} is not a bundled
   *     name: a worker reads no file a controller names
   */
  public record WorkerTarget(String id, UsersConfig users, String behaviorYaml) {

    public WorkerTarget(String id, UsersConfig users) {
      this(id, users, null);
    }
  }

  public record ConfigureRequest(List<WorkerTarget> targets) {}

  public record UsersRequest(int users) {}

  public record StatusResponse(String role, boolean running, Map<String, Integer> users) {}

  public record ErrorResponse(String error) {}

  /** An operation's histograms as compressed Base64 (exact: no percentile is precomputed). */
  public record EncodedOperation(String latency, String wire, Map<String, Long> failures) {}

  public record EncodedInterval(
      long maxEventLoopLagMicros,
      double processCpuLoad,
      long maxConnectionWaitMicros,
      Map<String, EncodedOperation> operations,
      Map<String, String> notifications) {}

  public record IntervalsResponse(Map<String, EncodedInterval> targets) {}

  /**
   * A target's acknowledged bids, compact (see {@link BidsWireCodec}).
   *
   * @param outcomes the outcome names the data indexes
   * @param data deflated variable-length integers, Base64
   */
  public record EncodedBids(int count, List<String> outcomes, String data) {}

  public record AcknowledgedBidsResponse(Map<String, EncodedBids> targets) {}

  public static EncodedInterval encode(IntervalStats stats) {
    Map<String, EncodedOperation> operations = new LinkedHashMap<>();
    stats
        .operations()
        .forEach(
            (type, operation) ->
                operations.put(
                    type.displayName(),
                    new EncodedOperation(
                        Histograms.encode(operation.latencyMicros()),
                        Histograms.encode(operation.wireMicros()),
                        operation.failures())));
    Map<String, String> notifications = new LinkedHashMap<>();
    stats
        .notificationMicros()
        .forEach(
            (kind, micros) -> notifications.put(kind.displayName(), Histograms.encode(micros)));
    DriverHealth health = stats.health();
    return new EncodedInterval(
        health.maxEventLoopLagMicros(),
        health.processCpuLoad(),
        health.maxConnectionWaitMicros(),
        operations,
        notifications);
  }

  /** Decodes onto the receiver's clock: {@code [startNanos, endNanos]}. */
  public static IntervalStats decode(EncodedInterval encoded, long startNanos, long endNanos) {
    Map<OperationType, OperationStats> operations = new EnumMap<>(OperationType.class);
    encoded
        .operations()
        .forEach(
            (name, operation) ->
                operations.put(
                    OperationType.fromDisplayName(name),
                    new OperationStats(
                        Histograms.decode(operation.latency()),
                        Histograms.decode(operation.wire()),
                        operation.failures() == null ? Map.of() : operation.failures())));
    DriverHealth health =
        new DriverHealth(
            encoded.maxEventLoopLagMicros(),
            encoded.processCpuLoad(),
            encoded.maxConnectionWaitMicros());
    Map<Notification, Histogram> notifications = new EnumMap<>(Notification.class);
    if (encoded.notifications() != null) {
      encoded
          .notifications()
          .forEach(
              (name, micros) ->
                  notifications.put(Notification.fromDisplayName(name), Histograms.decode(micros)));
    }
    return new IntervalStats(startNanos, endNanos, operations, health, notifications);
  }
}
