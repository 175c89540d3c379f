package dev.anemometer.driver.stats;

import dev.anemometer.driver.operation.OperationType;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Failure counts by operation and reason, swapped per interval like HdrHistogram's {@code
 * Recorder}: writers never block, and every failure lands in exactly one interval.
 */
final class FailureCounter {

  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile Map<OperationType, Map<String, LongAdder>> active = newCounts();

  void increment(OperationType type, String reason) {
    long criticalValue = phaser.writerCriticalSectionEnter();
    try {
      active
          .computeIfAbsent(type, t -> new ConcurrentHashMap<>())
          .computeIfAbsent(reason, r -> new LongAdder())
          .increment();
    } finally {
      phaser.writerCriticalSectionExit(criticalValue);
    }
  }

  /** Counts since the previous call, per operation, reasons sorted. */
  Map<OperationType, Map<String, Long>> takeInterval() {
    Map<OperationType, Map<String, LongAdder>> finished;
    phaser.readerLock();
    try {
      finished = active;
      active = newCounts();
      phaser.flipPhase();
    } finally {
      phaser.readerUnlock();
    }
    Map<OperationType, Map<String, Long>> counts = new EnumMap<>(OperationType.class);
    finished.forEach(
        (type, reasons) -> {
          Map<String, Long> byReason = new TreeMap<>();
          reasons.forEach((reason, adder) -> byReason.put(reason, adder.sum()));
          counts.put(type, byReason);
        });
    return counts;
  }

  private static Map<OperationType, Map<String, LongAdder>> newCounts() {
    return new ConcurrentHashMap<>();
  }
}
