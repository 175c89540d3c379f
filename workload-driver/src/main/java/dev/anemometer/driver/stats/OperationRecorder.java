package dev.anemometer.driver.stats;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;

/**
 * Where simulated users report every finished operation. Called on the users' event-loop threads,
 * so implementations must be cheap and thread-safe (e.g. recorder-per-thread HdrHistograms).
 */
public interface OperationRecorder {

  /**
   * @param type which operation
   * @param intendedStartNanos when the pacing schedule wanted it to start (latency is measured from
   *     here, so a late driver or a stalled server cannot hide latency)
   * @param endNanos when its last request finished
   * @param wireNanos time its requests actually spent on the wire (sum over sequential steps)
   * @param failureReason null on success, else a short stable reason such as {@code "status 500"}
   *     or {@code "READ_TIMEOUT"} or {@code "missing field highBid"}
   */
  void record(
      OperationType type,
      long intendedStartNanos,
      long endNanos,
      long wireNanos,
      String failureReason);

  /**
   * How long a request waited for a free connection of its user's session ({@code
   * HttpResponse.queuedNanos}). Long waits mean the driver's connection limits, not the system,
   * paced the requests; the self-monitoring watches them. Optional for implementations.
   */
  default void recordConnectionWait(long queuedNanos) {}

  /**
   * How late a follower learned of a change: from the app's commit of it to the arrival of the
   * answer carrying it (see {@link dev.anemometer.driver.operation.FollowedAuction}). Optional for
   * implementations.
   */
  default void recordNotification(Notification kind, long latencyMicros) {}
}
