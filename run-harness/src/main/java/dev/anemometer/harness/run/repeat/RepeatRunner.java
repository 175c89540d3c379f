package dev.anemometer.harness.run.repeat;

import dev.anemometer.harness.platform.Platform;
import dev.anemometer.harness.results.Headline;
import dev.anemometer.harness.run.RunProcedure;
import java.util.ArrayList;
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
              ? Optional.of(
                  new RepeatSpec.RepeatStop(
                      "interrupted in run " + members.size(), null, spec.untilCv() ? false : null))
              : spec.stopAfter(RepeatSet.values(members), members.size());
      RepeatSet set =
          RepeatSet.of(
              name, strategy, startedAt, metric, members, tolerance, spec, stop.orElse(null));
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
  }
}
