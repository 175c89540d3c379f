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

  /**
   * Seconds in a row that must be quiet: C2 compiles in bursts (one quiet second was often followed
   * by 0.7–0.9 s of C2 time in a 60-s measured window on a busy machine).
   */
  private static final int QUIET_SECONDS = 3;

  private QuietJit() {}

  /**
   * Returns once three seconds in a row pass with at most 10 ms of compilation each, or after
   * {@code max}.
   */
  static void await(Duration max) throws InterruptedException {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return;
    }
    long giveUpNanos = System.nanoTime() + max.toNanos();
    long compiledMillis = jit.getTotalCompilationTime();
    int quiet = 0;
    while (System.nanoTime() < giveUpNanos) {
      TimeUnit.SECONDS.sleep(1);
      long now = jit.getTotalCompilationTime();
      quiet = now - compiledMillis <= QUIET_COMPILE_MILLIS_PER_SECOND ? quiet + 1 : 0;
      if (quiet == QUIET_SECONDS) {
        return;
      }
      compiledMillis = now;
    }
  }
}
