package dev.anemometer.harness.deploy;

import java.time.Duration;
import java.util.function.Predicate;

/**
 * A value read again and again until it is what is wanted or a deadline passes: the drains and
 * readiness waits of every target, which poll a tier's state because no tier announces it.
 */
public final class Polling {

  private Polling() {}

  /** A read that may fail the way the tier's API fails. */
  @FunctionalInterface
  public interface Read<T, E extends Exception> {
    T get() throws E;
  }

  /**
   * Reads {@code read} every {@code interval} until {@code done} holds for what it read or {@code
   * timeout} has passed, and returns the last value read (which the caller judges).
   */
  public static <T, E extends Exception> T until(
      Read<T, E> read, Predicate<? super T> done, Duration timeout, Duration interval)
      throws E, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    T value = read.get();
    while (!done.test(value) && System.nanoTime() - deadline < 0) {
      Thread.sleep(interval.toMillis());
      value = read.get();
    }
    return value;
  }
}
