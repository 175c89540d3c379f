package dev.anemometer.driver.behavior;

import dev.anemometer.driver.operation.OperationType;

/**
 * The chain's choice of the operation after the current one.
 *
 * <p>Usually the operation runs when it is due ({@code awaited} is null). When the chain drew a
 * chance whose condition is {@linkplain Condition#awaitable() awaitable} but did not hold (a bid
 * while no followed item takes one from the user), the user keeps the wish: it runs {@code
 * operation} once {@code awaited} holds, and {@code otherwise} if it gives up waiting. Dropping the
 * wish instead, as the chain once did, would scale the chance by how often its condition holds.
 *
 * @param operation the operation to run next
 * @param awaited the condition to wait for before running it; null to run it when due
 * @param otherwise what the chain would have chosen without the chance; null when nothing is
 *     awaited
 */
public record NextOperation(OperationType operation, Condition awaited, OperationType otherwise) {

  static NextOperation now(OperationType operation) {
    return new NextOperation(operation, null, null);
  }

  static NextOperation once(OperationType operation, Condition awaited, OperationType otherwise) {
    return new NextOperation(operation, awaited, otherwise);
  }

  /** Whether the user must wait for {@link #awaited()} before running {@link #operation()}. */
  public boolean waits() {
    return awaited != null;
  }
}
