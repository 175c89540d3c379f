package dev.anemometer.harness.deploy;

/** A tier did not start or did not become ready: an infrastructure error (exit code 3). */
public final class TierStartException extends RuntimeException {

  public TierStartException(String message) {
    super(message);
  }

  public TierStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
