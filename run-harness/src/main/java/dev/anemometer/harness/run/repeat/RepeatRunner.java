package dev.anemometer.harness.run.repeat;

import dev.anemometer.harness.platform.Platform;
import dev.anemometer.harness.results.Headline;
import dev.anemometer.harness.results.MachinePace;
import dev.anemometer.harness.results.RepeatSet;
import dev.anemometer.harness.results.ResultsCsv;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.run.RunProcedure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs a repeat set: the same run again until its {@link RepeatSpec} says stop. After every run the
 * set so far goes to a listener, so that a set broken off keeps its record.
 */
public final class RepeatRunner {

  /** One run of the set; the command line's is {@link RunProcedure#execute}. */
  @FunctionalInterface
  public interface Repetition {
    RunProcedure.RunResult run() throws InterruptedException;
  }

  private final RepeatSpec spec;
  private final RepeatSet.Tolerance tolerance;

  public RepeatRunner(RepeatSpec spec, RepeatSet.Tolerance tolerance) {
    this.spec = spec;
    this.tolerance = tolerance;
  }

  /**
   * @param afterEachRun told with each run's result and the set so far (its stop rule's reason
   *     filled in after the last run)
   */
  public Outcome run(
      String name,
      String strategy,
      String startedAt,
      Repetition repetition,
      Consumer<Progress> afterEachRun)
      throws InterruptedException {
    List<RepeatSet.Member> members = new ArrayList<>();
    List<RunProcedure.RunResult> results = new ArrayList<>();
    String metric = Headline.metricOf(strategy);
    while (true) {
      RunProcedure.RunResult result = repetition.run();
      results.add(result);
      Platform platform = result.summary().platform();
      Platform.MachineSpeed atStart =
          platform == null
              ? null
              : new Platform.MachineSpeed(platform.referenceSpeed(), platform.loopbackSpeed());
      Platform.MachineSpeed after = platform == null ? null : platform.afterRun();
      members.add(
          new RepeatSet.Member(
              result.dir().getFileName().toString(),
              result.summary().outcome(),
              result.summary().exitCode(),
              Headline.of(result.summary()).value(),
              cpuScore(atStart),
              loopbackScore(atStart),
              cpuScore(after),
              loopbackScore(after),
              MachinePace.of(result.summary())));
      Optional<RepeatSpec.RepeatStop> stop =
          "INTERRUPTED".equals(result.summary().outcome())
              ? Optional.of(spec.interruptedIn(members.size()))
              : spec.stopAfter(RepeatSet.values(members), members.size());
      RepeatSet set =
          RepeatSet.of(
              name,
              strategy,
              startedAt,
              metric,
              members,
              tolerance,
              spec.stopRule(stop.orElse(null)));
      afterEachRun.accept(new Progress(result, set));
      if (stop.isPresent()) {
        return new Outcome(List.copyOf(results), set);
      }
    }
  }

  private static Double cpuScore(Platform.MachineSpeed speed) {
    return speed == null || speed.referenceSpeed() == null ? null : speed.referenceSpeed().score();
  }

  private static Double loopbackScore(Platform.MachineSpeed speed) {
    return speed == null || speed.loopbackSpeed() == null ? null : speed.loopbackSpeed().score();
  }

  /** A run just finished, and the set with it. */
  public record Progress(RunProcedure.RunResult run, RepeatSet set) {}

  /** Every run's result, in order, and the set's record. */
  public record Outcome(List<RunProcedure.RunResult> runs, RepeatSet set) {

    public int exitCode() {
      return runs.stream().mapToInt(r -> r.summary().exitCode()).max().orElse(0);
    }

    /**
     * The set's line in results.csv: the outcome of its worst run, the time of all of them, and the
     * mean of the headline with its confidence interval (absent below two runs with a headline).
     */
    public ResultsCsv.Line csvLine(String directory) {
      RunSummary first = runs.get(0).summary();
      RunSummary worst =
          runs.stream()
              .map(RunProcedure.RunResult::summary)
              .max(Comparator.comparingInt(RunSummary::exitCode))
              .orElseThrow();
      RepeatSet.Statistics stats = set.statistics();
      return new ResultsCsv.Line(
          set.startedAt(),
          set.name(),
          first.preset(),
          first.target(),
          set.strategy(),
          worst.outcome(),
          worst.exitCode(),
          null,
          runs.stream().mapToLong(run -> run.summary().durationSeconds()).sum(),
          directory,
          null,
          stats == null ? null : stats.runs(),
          stats == null ? null : stats.mean(),
          stats == null ? null : stats.confidenceInterval());
    }
  }
}
