package dev.anemometer.driver.operation;

/**
 * How one operation went.
 *
 * @param wireNanos time its requests spent on the wire (concurrent requests count once, by the
 *     longest)
 * @param failureReason null on success, else a short stable reason
 */
public record OperationOutcome(long wireNanos, String failureReason) {

  public boolean failed() {
    return failureReason != null;
  }
}
