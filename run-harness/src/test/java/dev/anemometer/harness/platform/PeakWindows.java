package dev.anemometer.harness.platform;

import java.util.List;

/** CPU summaries for tests: one measured window that is also the one the result rests on. */
public final class PeakWindows {

  private PeakWindows() {}

  /** instance-0 at 1,000 users for 100 s, its tiers having taken these CPU seconds. */
  public static CpuSummary atThousandUsersFor100Seconds(TierCpu... tiers) {
    WindowCpu window = new WindowCpu("instance-0", 0, 0, 100_000, 1_000, true, 100, List.of(tiers));
    return new CpuSummary(true, "", List.of(window), List.of(window));
  }

  /** A tier's row over that window: {@code cpuSeconds} of it, no per-user figure. */
  public static TierCpu tier(String name, double cpuSeconds) {
    return new TierCpu(name, 1, cpuSeconds, cpuSeconds / 100, null);
  }
}
