package dev.anemometer.harness.elasticity;

import dev.anemometer.harness.config.ElasticitySpec.ReactiveSpec;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Decides, once per stats interval, whether the app tier should gain or lose a server: up when p99
 * or CPU is above its threshold, down when every given metric is below its lower threshold — each
 * for {@code sustainIntervals} intervals in a row, so that one noisy interval (a JIT burst, a GC
 * pause, the slowest of a handful of requests) does not move the tier — one server at a time, never
 * twice within the cool-down, always within [min, max]. Pure: the caller supplies the time and the
 * current size, so a test can replay any history.
 */
public final class ReactivePolicy {

  private final ReactiveSpec spec;
  private final int min;
  private final int max;
  private final long coolDownMillis;
  private final int sustainIntervals;
  private long lastChangeMillis = Long.MIN_VALUE / 2;
  private int overloadedRun;
  private int underloadedRun;

  public ReactivePolicy(ReactiveSpec spec) {
    this.spec = spec;
    this.min = spec.min() == null ? 1 : spec.min();
    this.max = spec.max() == null ? min : spec.max();
    this.coolDownMillis = spec.coolDownOrDefault().toMillis();
    this.sustainIntervals = spec.sustainIntervalsOrDefault();
  }

  /**
   * @param nowMillis time of the decision, from the start of the load
   * @param current servers now in the tier
   * @return the new size, or empty to stay
   */
  public OptionalInt decide(
      long nowMillis, int current, IntervalSample sample, OptionalDouble cpuPerInstance) {
    boolean overloaded = overloaded(sample, cpuPerInstance);
    boolean underloaded = !overloaded && underloaded(sample, cpuPerInstance);
    overloadedRun = overloaded ? overloadedRun + 1 : 0;
    underloadedRun = underloaded ? underloadedRun + 1 : 0;
    if (nowMillis - lastChangeMillis < coolDownMillis) {
      return OptionalInt.empty();
    }
    int target = current;
    if (current < min) {
      target = min;
    } else if (current > max) {
      target = max;
    } else if (overloadedRun >= sustainIntervals && current < max) {
      target = current + 1;
    } else if (underloadedRun >= sustainIntervals && current > min) {
      target = current - 1;
    }
    if (target == current) {
      return OptionalInt.empty();
    }
    lastChangeMillis = nowMillis;
    // the new size is judged afresh
    overloadedRun = 0;
    underloadedRun = 0;
    return OptionalInt.of(target);
  }

  private boolean overloaded(IntervalSample sample, OptionalDouble cpu) {
    boolean latency = spec.p99UpMillis() != null && sample.p99Millis() > spec.p99UpMillis();
    boolean busy = spec.cpuUp() != null && cpu.isPresent() && cpu.getAsDouble() > spec.cpuUp();
    return latency || busy;
  }

  /** Every metric that has a lower threshold is below it; one without any keeps the tier. */
  private boolean underloaded(IntervalSample sample, OptionalDouble cpu) {
    if (spec.p99DownMillis() == null && spec.cpuDown() == null) {
      return false;
    }
    if (sample.failures() > 0) {
      return false;
    }
    boolean latency = spec.p99DownMillis() == null || sample.p99Millis() < spec.p99DownMillis();
    boolean idle =
        spec.cpuDown() == null || (cpu.isPresent() && cpu.getAsDouble() < spec.cpuDown());
    return latency && idle;
  }
}
