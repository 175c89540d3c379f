package dev.anemometer.harness.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code cpu} block of summary.json: CPU per tier in every judged window, and the window each
 * target's result rests on (the passing probe at the findMax peak, else the last window).
 *
 * @param measured false on the targets that do not measure it yet, with the reason in {@code note}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CpuSummary(
    boolean measured, String note, List<WindowCpu> peak, List<WindowCpu> windows) {

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
}
