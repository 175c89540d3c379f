package dev.anemometer.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.platform.TierCpu;
import dev.anemometer.harness.platform.WindowCpu;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How fast the machine ran in the very windows the runs' headlines rest on, read from the tiers
 * whose work per request does not change from run to run: nginx and HAProxy are native code with no
 * JIT, no cache to warm and no data that grows, so the CPU they take per user-second at a peak (the
 * same mix, the same operations per user) moves with the speed the machine's cores gave them. The
 * reference figures taken at a run's start and end do not see a host that slows down in between;
 * these do (on a 2-core VM, three runs' peaks 1,790, 1,881 and 1,678 users, nginx and HAProxy 198,
 * 191 and 209 µs per user-second at them, every other tier up by as much).
 *
 * <p>The set's values at the runs' mean pace, {@code value × pace / mean pace}, are what the runs
 * would have found had the machine run as fast in each: the spread the stack's own behaviour leaves
 * once the machine's is taken out. They explain a spread; the headline stays the measured peak.
 * Only results the machine decided have a pace: a findMax peak at the search's ceiling has none.
 *
 * @param minMicrosPerUserSecond the lowest pace of a run (nginx and HAProxy, µs per user-second)
 * @param maxMicrosPerUserSecond the highest
 * @param spreadPercent their difference in percent of their mean
 * @param statistics of the values at the mean pace, over every run with a value and a pace
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachinePace(
    double minMicrosPerUserSecond,
    double maxMicrosPerUserSecond,
    double spreadPercent,
    RepeatSet.Statistics statistics) {

  /** The tiers whose CPU per user-second is the machine's pace. */
  static final Set<String> NATIVE_TIERS = Set.of("lb", "web");

  /**
   * A run's pace, where the machine decided its result: none for a findMax peak at the search's
   * ceiling, which the search stopped at, not the machine (two runs at an 800-user ceiling, whose
   * "values at the mean pace" spread by 6.4 % though both found exactly 800).
   */
  public static Double of(RunSummary summary) {
    boolean atCeiling =
        summary.instances() != null
            && summary.instances().stream().anyMatch(RunSummary.InstanceSummary::peakAtCeiling);
    return atCeiling ? null : of(summary.cpu());
  }

  /**
   * nginx's and HAProxy's CPU per user-second over the windows a run's headline rests on ({@code
   * cpu.peak} of its summary); null where the run measured none.
   */
  static Double of(CpuSummary cpu) {
    if (cpu == null || !cpu.measured() || cpu.peak() == null) {
      return null;
    }
    double cpuSeconds = 0;
    double userSeconds = 0;
    for (WindowCpu window : cpu.peak()) {
      double nativeSeconds =
          window.tiers().stream()
              .filter(tier -> NATIVE_TIERS.contains(tier.tier()))
              .mapToDouble(TierCpu::cpuSeconds)
              .sum();
      if (nativeSeconds > 0 && window.users() > 0 && window.wallSeconds() > 0) {
        cpuSeconds += nativeSeconds;
        userSeconds += window.users() * window.wallSeconds();
      }
    }
    return userSeconds > 0 ? cpuSeconds * 1e6 / userSeconds : null;
  }

  /** Null below two runs with both a value and a pace. */
  static MachinePace of(List<RepeatSet.Member> runs) {
    List<RepeatSet.Member> paced =
        runs.stream()
            .filter(run -> run.value() != null && run.nativeMicrosPerUserSecond() != null)
            .toList();
    if (paced.size() < 2) {
      return null;
    }
    double mean =
        paced.stream().mapToDouble(RepeatSet.Member::nativeMicrosPerUserSecond).average().orElse(0);
    List<Double> paces = new ArrayList<>();
    List<Double> atMean = new ArrayList<>();
    for (RepeatSet.Member run : paced) {
      paces.add(run.nativeMicrosPerUserSecond());
      atMean.add(run.value() * run.nativeMicrosPerUserSecond() / mean);
    }
    MachineDrift.Spread spread = MachineDrift.Spread.of(paces);
    return new MachinePace(
        spread.min(),
        spread.max(),
        spread.spreadPercent(),
        RepeatSet.Statistics.of(RepeatStatistics.of(atMean)));
  }

  /**
   * "nginx + HAProxy 191–209 µs per user-second at the runs' results (9.0 %); at their mean pace:
   * mean 1780, spread 2.4 %, CV 1.2 %".
   */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "nginx + HAProxy %.0f–%.0f µs per user-second where the runs' results rest (%.1f %%); at"
            + " their mean pace: mean %.0f, spread %.1f %%, CV %.1f %%",
        minMicrosPerUserSecond,
        maxMicrosPerUserSecond,
        spreadPercent,
        statistics.mean(),
        statistics.spreadPercent(),
        statistics.cvPercent());
  }
}
