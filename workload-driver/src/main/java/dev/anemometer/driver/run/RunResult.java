package dev.anemometer.driver.run;

import java.util.List;

/**
 * The outcome of a run.
 *
 * @param passed every target passed (fixed/interval: every window; findMax: a peak was found)
 * @param valid no window was invalidated by the driver being the bottleneck
 * @param stopped the run was stopped before its load paths finished
 * @param error why the run broke off (a worker unreachable, users failing to start), or null
 */
public record RunResult(
    String name,
    List<TargetResult> targets,
    boolean passed,
    boolean valid,
    boolean stopped,
    String error) {

  public RunResult {
    targets = List.copyOf(targets);
  }

  public TargetResult target(String id) {
    return targets.stream()
        .filter(target -> target.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown target '" + id + "'"));
  }
}
