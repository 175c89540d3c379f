package dev.anemometer.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.anemometer.driver.loadpath.Bracket;
import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.platform.Platform;
import dev.anemometer.harness.soak.SoakSummary;
import java.util.List;
import java.util.Map;

/**
 * {@code summary.json}: the verdict of one run and what it rests on.
 *
 * @param outcome PASSED, FAILED (QoS or audit), ERROR (infrastructure), INTERRUPTED
 * @param peakUsers findMax: the sum of the passing instances' peaks; else the users driven
 * @param bracket findMax: the bracket of {@code peakUsers}, the total of the passing instances'
 *     brackets; absent for the other strategies and from a driver that reports none
 * @param load what the driver reported, per operation and per interval (absent if not run)
 * @param elasticity tier changes with their timing, metrics per segment, elasticity score
 * @param faults injected faults with their recovery times and cost
 * @param platform what the run was measured on, with the machine's reference speed
 * @param cpu CPU per tier in every judged window, and in the window the result rests on
 * @param soak resources sampled during the load, leaks and p99 drift (with {@code soak.enabled})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunSummary(
    String name,
    String preset,
    String target,
    String strategy,
    String startedAt,
    long durationSeconds,
    String outcome,
    int exitCode,
    Integer peakUsers,
    List<InstanceSummary> instances,
    DriverSummary load,
    Map<String, Object> audit,
    String message,
    Map<String, Object> elasticity,
    List<Map<String, Object>> faults,
    Platform platform,
    CpuSummary cpu,
    SoakSummary soak,
    Bracket bracket,
    List<String> warnings) {

  public RunSummary(
      String name,
      String preset,
      String target,
      String strategy,
      String startedAt,
      long durationSeconds,
      String outcome,
      int exitCode,
      Integer peakUsers,
      List<InstanceSummary> instances,
      DriverSummary load,
      Map<String, Object> audit,
      String message) {
    this(
        name,
        preset,
        target,
        strategy,
        startedAt,
        durationSeconds,
        outcome,
        exitCode,
        peakUsers,
        instances,
        load,
        audit,
        message,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  /** The same summary with what the run was measured on. */
  public RunSummary withPlatform(Platform measuredOn) {
    return withStudies(elasticity, faults, measuredOn, cpu, soak);
  }

  /** The same summary with CPU per tier. */
  public RunSummary withCpu(CpuSummary perTier) {
    return withStudies(elasticity, faults, platform, perTier, soak);
  }

  /** The same summary with the soak's judgement. */
  public RunSummary withSoak(SoakSummary judged) {
    return withStudies(elasticity, faults, platform, cpu, judged);
  }

  /** The same summary with the tier changes and faults of the run. */
  public RunSummary withChanges(Map<String, Object> changes, List<Map<String, Object>> injected) {
    return withStudies(changes, injected, platform, cpu, soak);
  }

  private RunSummary withStudies(
      Map<String, Object> changes,
      List<Map<String, Object>> injected,
      Platform measuredOn,
      CpuSummary perTier,
      SoakSummary judged) {
    return new RunSummary(
        name,
        preset,
        target,
        strategy,
        startedAt,
        durationSeconds,
        outcome,
        exitCode,
        peakUsers,
        instances,
        load,
        audit,
        message,
        changes,
        injected,
        measuredOn,
        perTier,
        judged,
        bracket,
        warnings);
  }

  /**
   * One app instance: where it ran and how it did.
   *
   * @param users the most users the run asked of it (findMax: the ceiling of the search)
   * @param peakUsers findMax: the most users that passed; absent for the other strategies
   * @param ceilingCause findMax: what lowered the search's ceiling below the configured one (the
   *     driver's open-file limit); absent when nothing did
   * @param bracket findMax: the highest passing and lowest failing user count of its search, as the
   *     driver reported them; absent for the other strategies
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record InstanceSummary(
      int index,
      int users,
      Integer peakUsers,
      int maxUsers,
      List<String> entryUrls,
      String jdbcUrl,
      Boolean passed,
      String ceilingCause,
      Bracket bracket) {

    /** A findMax peak at the ceiling is a lower bound: the search stopped there, not the stack. */
    public boolean peakAtCeiling() {
      return peakUsers != null && peakUsers >= users && Boolean.TRUE.equals(passed);
    }
  }
}
