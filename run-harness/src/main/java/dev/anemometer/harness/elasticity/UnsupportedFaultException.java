package dev.anemometer.harness.elasticity;

/** A fault the target cannot inject; the message says why, in one line. */
public final class UnsupportedFaultException extends RuntimeException {

  public UnsupportedFaultException(String message) {
    super(message);
  }
}
