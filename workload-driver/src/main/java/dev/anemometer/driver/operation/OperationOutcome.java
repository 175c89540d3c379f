package dev.anemometer.driver.operation;

/**
 * How one operation went.
 *
 * @param wireNanos time its requests spent on the wire (concurrent requests count once, by the
 *     longest)
 * @param failureReason null on success, else a short stable reason
 * @param connectionWaitNanos the longest time one of its requests waited for a free connection of
 *     the user's session (the driver's own limit, watched by the self-monitoring)
 */
public record OperationOutcome(long wireNanos, String failureReason, long connectionWaitNanos) {

  public boolean failed() {
    return failureReason != null;
  }
}
