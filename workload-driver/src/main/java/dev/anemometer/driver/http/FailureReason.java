package dev.anemometer.driver.http;

/** Why a request got no complete response. Counted by reason in the stats. */
public enum FailureReason {
  CONNECT_REFUSED,
  CONNECT_TIMEOUT,
  READ_TIMEOUT,
  CONNECTION_CLOSED,
  PROTOCOL_ERROR,
  CLIENT_CLOSED
}
