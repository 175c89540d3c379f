package dev.anemometer.harness.platform;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A machine's speed in one figure, measured in about a second at the start of a run so that peaks
 * from different machines can be put side by side: a fixed integer workload (a hash chain through a
 * table that fits in the L1 cache) on one thread, then on two at once.
 *
 * @param operationsPerSecond one thread's rate
 * @param twoThreadOperationsPerSecondPerThread each of two threads' rate when both run: below the
 *     single rate when the cores are shared (SMT siblings, a CPU quota, a busy neighbour)
 * @param score the single-thread rate relative to the project's reference machine (1.00)
 */
public record ReferenceSpeed(
    double operationsPerSecond, double twoThreadOperationsPerSecondPerThread, double score) {

  /**
   * One thread's rate on the reference machine, rounded: the 2-core AMD EPYC virtual machine the
   * project's published figures come from, measured idle (262 Mop/s at the start of a findMax of
   * decision 0004; a busy neighbour halves it).
   */
  static final double REFERENCE_OPERATIONS_PER_SECOND = 250e6;

  /** Operations per timed batch: small enough to stop close to the deadline. */
  static final int BATCH = 1 << 16;

  private static final int[] TABLE = table();

  /** The default schedule: warm-up 0.2 s, one thread 0.5 s, two threads 0.3 s. */
  public static ReferenceSpeed measure() {
    return measure(
        System::nanoTime, Duration.ofMillis(200), Duration.ofMillis(500), Duration.ofMillis(300));
  }

  static ReferenceSpeed measure(
      LongSupplier nanoTime, Duration warmUp, Duration single, Duration dual) {
    run(nanoTime, warmUp, new AtomicLong());
    double one = rate(nanoTime, single, 1);
    double two = rate(nanoTime, dual, 2) / 2;
    return new ReferenceSpeed(
        Math.round(one),
        Math.round(two),
        Math.round(one / REFERENCE_OPERATIONS_PER_SECOND * 100) / 100.0);
  }

  /** Operations per second of {@code threads} threads together. */
  private static double rate(LongSupplier nanoTime, Duration length, int threads) {
    AtomicLong operations = new AtomicLong();
    long start = nanoTime.getAsLong();
    List<Thread> running = new ArrayList<>();
    for (int i = 1; i < threads; i++) {
      Thread thread = new Thread(() -> run(nanoTime, length, operations), "anemometer-reference");
      thread.start();
      running.add(thread);
    }
    run(nanoTime, length, operations);
    for (Thread thread : running) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    long elapsed = Math.max(1, nanoTime.getAsLong() - start);
    return operations.get() * 1e9 / elapsed;
  }

  private static void run(LongSupplier nanoTime, Duration length, AtomicLong operations) {
    long deadline = nanoTime.getAsLong() + length.toNanos();
    long state = 0x9E3779B97F4A7C15L;
    long batches = 0;
    do {
      state = work(state, BATCH);
      batches++;
    } while (nanoTime.getAsLong() < deadline);
    operations.addAndGet(batches * BATCH);
    // The chain's end is published so that the JIT cannot drop the work.
    if (state == 42) {
      operations.incrementAndGet();
    }
  }

  /** {@code operations} steps of the chain from {@code state}; the same input, the same end. */
  static long work(long state, int operations) {
    long x = state;
    for (int i = 0; i < operations; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      x ^= TABLE[(int) (x >>> 52)] + (x >>> 29);
    }
    return x;
  }

  private static int[] table() {
    int[] table = new int[4096];
    long x = 1;
    for (int i = 0; i < table.length; i++) {
      x = x * 2862933555777941757L + 3037000493L;
      table[i] = (int) (x >>> 32);
    }
    return table;
  }

  /** {@code 412 Mop/s}. */
  String megaOperations() {
    return String.format(java.util.Locale.ROOT, "%.0f Mop/s", operationsPerSecond / 1e6);
  }
}
