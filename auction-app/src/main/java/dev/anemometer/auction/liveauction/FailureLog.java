package dev.anemometer.auction.liveauction;

import org.slf4j.Logger;

/**
 * Logs a repeating background failure once when it starts (with its stack trace), then at most
 * every 100th time, and once more when it stops, so a database outage does not flood the log.
 */
final class FailureLog {

  private final Logger log;
  private final String what;
  private long consecutive;

  FailureLog(Logger log, String what) {
    this.log = log;
    this.what = what;
  }

  synchronized void failed(RuntimeException e) {
    consecutive++;
    if (consecutive == 1) {
      log.warn("{} failed; retrying", what, e);
    } else if (consecutive % 100 == 0) {
      log.warn("{} failed {} times in a row: {}", what, consecutive, e.toString());
    }
  }

  synchronized void recovered() {
    if (consecutive > 0) {
      log.info("{} works again after {} failure(s)", what, consecutive);
      consecutive = 0;
    }
  }
}
