package dev.anemometer.driver.control;

/** A worker could not be reached or refused a command: an infrastructure failure of the run. */
public final class ControlException extends RuntimeException {

  public ControlException(String message, Throwable cause) {
    super(message, cause);
  }
}
