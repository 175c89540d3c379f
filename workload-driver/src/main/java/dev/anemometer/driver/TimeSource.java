package dev.anemometer.driver;

/** Monotonic time for pacing and measurement; tests substitute a clock they drive. */
@FunctionalInterface
public interface TimeSource {

  TimeSource SYSTEM = System::nanoTime;

  long nanoTime();
}
