package dev.anemometer.auction.image;

import dev.anemometer.auction.system.web.ApiException;
import dev.anemometer.auction.system.web.ProblemType;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * A bound on the uploads decoded at once: a 16-Mpx picture takes 64 MB of heap decoded, and a few
 * more for its sizes, so a handful in parallel would exhaust a small heap and end the server. The
 * excess is answered 503 at once, like a busy database, rather than queued to hold its connection.
 */
final class DecodeLimit {

  private final Semaphore permits;
  private final int maxConcurrent;

  DecodeLimit(int maxConcurrent) {
    this.maxConcurrent = maxConcurrent;
    this.permits = new Semaphore(maxConcurrent);
  }

  <T> T run(Supplier<T> decoding) {
    if (!permits.tryAcquire()) {
      throw new ApiException(
          ProblemType.UNAVAILABLE,
          "the server is decoding " + maxConcurrent + " images already; retry");
    }
    try {
      return decoding.get();
    } finally {
      permits.release();
    }
  }
}
