package dev.anemometer.driver.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The whole machine's CPU so far, from the first line of {@code /proc/stat}: what the run's
 * processes used and what everything else did (kernel threads such as a memory-reclaim daemon,
 * other programs), the time no CPU had anything to run, and the time a hypervisor gave the
 * machine's CPUs to someone else (steal).
 *
 * @param busyNanos user, nice, system, irq and softirq time of every CPU
 * @param stealNanos time the CPUs were ready to run but the hypervisor ran another guest
 * @param idleNanos idle and I/O-wait time of every CPU: what was left over
 */
public record MachineCpu(long busyNanos, long stealNanos, long idleNanos) {

  /** {@code /proc/stat} counts in USER_HZ, 100 per second on every Linux architecture. */
  private static final long NANOS_PER_TICK = 10_000_000L;

  /** The counters now; empty where there is no {@code /proc/stat}. */
  public static Optional<MachineCpu> now() {
    try {
      return parse(Files.readString(Path.of("/proc/stat")));
    } catch (IOException | RuntimeException unreadable) {
      return Optional.empty();
    }
  }

  /** The aggregate {@code cpu} line: user nice system idle iowait irq softirq steal … */
  public static Optional<MachineCpu> parse(String procStat) {
    String first = procStat.lines().findFirst().orElse("");
    String[] fields = first.trim().split("\\s+");
    if (fields.length < 9 || !fields[0].equals("cpu")) {
      return Optional.empty();
    }
    long busy = 0;
    for (int field : new int[] {1, 2, 3, 6, 7}) {
      busy += Long.parseLong(fields[field]);
    }
    long idle = Long.parseLong(fields[4]) + Long.parseLong(fields[5]);
    return Optional.of(
        new MachineCpu(
            busy * NANOS_PER_TICK,
            Long.parseLong(fields[8]) * NANOS_PER_TICK,
            idle * NANOS_PER_TICK));
  }

  /**
   * The share of the machine's CPU time since {@code earlier} that was left idle, in percent; NaN
   * when no time passed on the counters.
   */
  public double idlePercentSince(MachineCpu earlier) {
    long busy = busyNanos - earlier.busyNanos;
    long steal = stealNanos - earlier.stealNanos;
    long idle = idleNanos - earlier.idleNanos;
    long total = busy + steal + idle;
    return total <= 0 ? Double.NaN : 100.0 * idle / total;
  }
}
