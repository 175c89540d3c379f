package dev.anemometer.harness.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code cpu} block of summary.json: CPU per tier in every judged window, the window each
 * target's result rests on (the passing probe at the findMax peak, else the last window), and
 * whether processes outside the run took a share of the machine while it was judged.
 *
 * @param measured false on the targets that do not measure it yet, with the reason in {@code note}
 * @param otherProcesses null unless some judged window saw processes outside the stack and the
 *     harness use at least {@link #OTHER_CORES_NOTICE} cores
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CpuSummary(
    boolean measured,
    String note,
    List<WindowCpu> peak,
    List<WindowCpu> windows,
    OtherProcesses otherProcesses) {

  /**
   * Cores that processes outside the run may take in a judged window before the summary says the
   * run did not have the machine to itself: 5 % of a 2-core machine. On a quiet machine of that
   * kind they took 0.01-0.07 (kernel threads, the container engine's health checks); a build and
   * its tests at the lowest priority beside a findMax took 0.14-0.90 and lowered its peak.
   */
  public static final double OTHER_CORES_NOTICE = 0.1;

  /**
   * The judged windows in which other processes took at least {@code thresholdCores}: how many of
   * all, and the one where they took most.
   */
  public record OtherProcesses(
      double thresholdCores,
      int windows,
      int judgedWindows,
      double maxCores,
      String maxTarget,
      int maxWindow,
      int maxUsers) {}

  public CpuSummary(boolean measured, String note, List<WindowCpu> peak, List<WindowCpu> windows) {
    this(measured, note, peak, windows, windows == null ? null : otherProcesses(windows));
  }

  public static CpuSummary unavailable(String reason) {
    return new CpuSummary(false, reason, null, null);
  }

  /**
   * @param peakUsers per target, the findMax peak; a target without one is described by its last
   *     window
   */
  public static CpuSummary of(List<WindowCpu> windows, Map<String, Integer> peakUsers) {
    List<String> targets = windows.stream().map(WindowCpu::target).distinct().sorted().toList();
    List<WindowCpu> peak = new ArrayList<>();
    for (String target : targets) {
      List<WindowCpu> own = windows.stream().filter(w -> w.target().equals(target)).toList();
      Integer users = peakUsers.get(target);
      WindowCpu chosen = own.get(own.size() - 1);
      if (users != null) {
        for (WindowCpu window : own) {
          if (window.passed() && window.users() == users) {
            chosen = window;
          }
        }
      }
      peak.add(chosen);
    }
    return new CpuSummary(
        true,
        "CPU user+system time of each tier's processes and their children, from /proc;"
            + " harness = the harness and driver JVM, with its worker JVMs on this host",
        peak,
        windows);
  }

  private static OtherProcesses otherProcesses(List<WindowCpu> windows) {
    int disturbed = 0;
    WindowCpu worst = null;
    double worstCores = 0;
    for (WindowCpu window : windows) {
      double cores = otherCores(window);
      if (cores >= OTHER_CORES_NOTICE) {
        disturbed++;
      }
      if (cores > worstCores) {
        worstCores = cores;
        worst = window;
      }
    }
    if (disturbed == 0) {
      return null;
    }
    return new OtherProcesses(
        OTHER_CORES_NOTICE,
        disturbed,
        windows.size(),
        worstCores,
        worst.target(),
        worst.index(),
        worst.users());
  }

  private static double otherCores(WindowCpu window) {
    return window.tiers().stream()
        .filter(tier -> tier.tier().equals("other"))
        .mapToDouble(TierCpu::cores)
        .sum();
  }
}
