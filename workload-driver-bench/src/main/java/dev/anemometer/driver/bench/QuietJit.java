package dev.anemometer.driver.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Extends a warm-up until the JIT compilers have (nearly) stopped: on a slow or busy machine a
 * fixed warm-up can end while C2 still compiles the hot path, and its CPU would be billed to the
 * measured work.
 */
final class QuietJit {

  private static final long QUIET_COMPILE_MILLIS_PER_SECOND = 10;

  private QuietJit() {}

  /** Returns once a second passes with at most 10 ms of compilation, or after {@code max}. */
  static void await(Duration max) throws InterruptedException {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return;
    }
    long giveUpNanos = System.nanoTime() + max.toNanos();
    long compiledMillis = jit.getTotalCompilationTime();
    while (System.nanoTime() < giveUpNanos) {
      TimeUnit.SECONDS.sleep(1);
      long now = jit.getTotalCompilationTime();
      if (now - compiledMillis <= QUIET_COMPILE_MILLIS_PER_SECOND) {
        return;
      }
      compiledMillis = now;
    }
  }
}
