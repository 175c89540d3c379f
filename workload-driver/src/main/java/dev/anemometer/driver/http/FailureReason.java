package dev.anemometer.driver.http;

/** Why a request got no complete response. Counted by reason in the stats. */
public enum FailureReason {
  CONNECT_REFUSED,
  /**
   * The driver's own process had no file descriptor left for a new connection (EMFILE or ENFILE):
   * the driver failed, not the platform, and the window is not a measurement of the platform.
   */
  DRIVER_OUT_OF_FILES,
  CONNECT_TIMEOUT,
  READ_TIMEOUT,
  CONNECTION_CLOSED,
  PROTOCOL_ERROR,
  CLIENT_CLOSED
}
