package dev.anemometer.harness.platform;

import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.harness.deploy.TierProcess;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CPU of every tier of one app instance over one judged window (a QoS period, a segment, a
 * findMax probe), between the samples taken nearest its start and at its end.
 *
 * @param target the driver's target (instance-N), whose tiers these are
 * @param users the users active when the window closed
 * @param passed whether the window met QoS and the driver kept up
 * @param wallSeconds the time between the two samples, the denominator of every rate
 */
public record WindowCpu(
    String target,
    int index,
    long startMillis,
    long endMillis,
    int users,
    boolean passed,
    double wallSeconds,
    List<TierCpu> tiers) {

  static final List<String> TIER_ORDER = List.of("db", "app", "lb", "web");

  /**
   * The tiers of {@code appInstance} between two samples. A process in both counts the difference;
   * one that started in between counts all its time; one that ended in between is missing, as its
   * last seconds cannot be read any more.
   *
   * @param appInstance the app instance whose tiers the window's target drives
   * @param harnessUsers the users of every target, as the harness drives them all
   */
  static WindowCpu between(
      WindowResult window, int appInstance, CpuSample start, CpuSample end, int harnessUsers) {
    int users = window.users();
    double wallSeconds = (end.nanoTime() - start.nanoTime()) / 1e9;
    Map<String, long[]> byTier = new LinkedHashMap<>();
    TIER_ORDER.forEach(tier -> byTier.put(tier, new long[2]));
    end.processes()
        .forEach(
            (key, counted) -> {
              TierProcess process = counted.process();
              if (process.appInstance() != appInstance) {
                return;
              }
              CpuSample.Counted before = start.processes().get(key);
              long used = counted.cpuNanos() - (before == null ? 0 : before.cpuNanos());
              long[] tier = byTier.computeIfAbsent(process.tier(), t -> new long[2]);
              tier[0] += Math.max(0, used);
              tier[1]++;
            });
    List<TierCpu> tiers = new ArrayList<>();
    long total = 0;
    int processes = 0;
    for (Map.Entry<String, long[]> tier : byTier.entrySet()) {
      if (tier.getValue()[1] > 0) {
        tiers.add(
            TierCpu.of(
                tier.getKey(), (int) tier.getValue()[1], tier.getValue()[0], wallSeconds, users));
        total += tier.getValue()[0];
        processes += (int) tier.getValue()[1];
      }
    }
    long harness = Math.max(0, end.harnessCpuNanos() - start.harnessCpuNanos());
    int harnessProcesses = end.harnessProcesses();
    tiers.add(TierCpu.of("harness", harnessProcesses, harness, wallSeconds, harnessUsers));
    tiers.add(
        TierCpu.of("total", processes + harnessProcesses, total + harness, wallSeconds, users));
    if (start.machine() != null && end.machine() != null) {
      long run = everyTier(start, end) + harness;
      long busy = end.machine().busyNanos() - start.machine().busyNanos();
      tiers.add(TierCpu.of("other", 0, Math.max(0, busy - run), wallSeconds, harnessUsers));
      long steal = end.machine().stealNanos() - start.machine().stealNanos();
      if (steal > 0) {
        tiers.add(TierCpu.of("steal", 0, steal, wallSeconds, harnessUsers));
      }
    }
    return new WindowCpu(
        window.targetId(),
        window.index(),
        window.startMillis(),
        window.endMillis(),
        users,
        window.verdict().passed() && window.verdict().valid(),
        round(wallSeconds),
        tiers);
  }

  /** The CPU of every tier process of every app instance between two samples. */
  private static long everyTier(CpuSample start, CpuSample end) {
    long used = 0;
    for (Map.Entry<String, CpuSample.Counted> entry : end.processes().entrySet()) {
      CpuSample.Counted before = start.processes().get(entry.getKey());
      used += Math.max(0, entry.getValue().cpuNanos() - (before == null ? 0 : before.cpuNanos()));
    }
    return used;
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }
}
