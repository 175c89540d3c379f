package dev.anemometer.driver.operation;

/**
 * Short-circuits an operation's chain of requests. It never leaves the package: {@link Exchange}
 * turns it into an {@link OperationOutcome}. No stack trace, because failures are data here.
 */
final class OperationFailure extends RuntimeException {

  OperationFailure(String reason) {
    super(reason, null, false, false);
  }
}
