package dev.anemometer.auction.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition by polling it against a deadline (never a fixed sleep). */
public final class Deadline {

  private static final Duration POLL = Duration.ofMillis(50);

  private Deadline() {}

  public static void await(String what, Duration timeout, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + timeout + " waiting for " + what);
      }
      pause();
    }
  }

  /** Polls {@code value} until it satisfies {@code done}; returns the satisfying value. */
  public static <T> T await(
      String what, Duration timeout, Supplier<T> value, java.util.function.Predicate<T> done) {
    long deadline = System.nanoTime() + timeout.toNanos();
    T last = value.get();
    while (!done.test(last)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "timed out after " + timeout + " waiting for " + what + "; last seen " + last);
      }
      pause();
      last = value.get();
    }
    return last;
  }

  private static void pause() {
    java.util.concurrent.locks.LockSupport.parkNanos(POLL.toNanos());
    if (Thread.interrupted()) {
      throw new IllegalStateException("interrupted while waiting");
    }
  }
}
