package dev.anemometer.harness.run.experiment;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.platform.LoopbackSpeed;
import dev.anemometer.harness.platform.Platform;
import dev.anemometer.harness.platform.ReferenceSpeed;
import dev.anemometer.harness.results.MachinePace;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.run.RunProcedure;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs an experiment: round after round, every variant once in the round's order, each run the
 * whole run procedure (its own deployment, its data loaded or reset, the users' random seeds the
 * same in every run), until the {@link StopRule} says stop. With the peak as the metric each
 * variant's search after its first starts from its previous peak, so later rounds search a narrow
 * band.
 */
public final class ExperimentRunner {

  /** One run of a variant's configuration; the command line's is {@link RunProcedure#execute}. */
  @FunctionalInterface
  public interface VariantRun {
    RunProcedure.RunResult run(AnemometerConfig config) throws InterruptedException;
  }

  /**
   * @param source where it came from: its file, or its overrides
   */
  public record Variant(String name, String source, AnemometerConfig config) {}

  /** A run just ended; {@code roundEnded} when it was the last of its round. */
  public record Progress(RunProcedure.RunResult run, Experiment experiment, boolean roundEnded) {}

  /** The record and every run's result, in the order run. */
  public record Outcome(Experiment experiment, List<RunProcedure.RunResult> runs) {

    /** 3 when a run broke off (infrastructure), else 0: a QoS failure is data here. */
    public int exitCode() {
      return runs.stream().anyMatch(run -> run.summary().exitCode() >= 3) ? 3 : 0;
    }
  }

  private final List<Variant> variants;
  private final ExperimentMetric metric;
  private final StopRule rule;
  private final ExperimentDesign design;
  private final Clock clock;

  public ExperimentRunner(
      List<Variant> variants, ExperimentMetric metric, StopRule rule, long seed, Clock clock) {
    this.variants = List.copyOf(variants);
    this.metric = metric;
    this.rule = rule;
    this.design = new ExperimentDesign(variants.stream().map(Variant::name).toList(), seed);
    this.clock = clock;
  }

  /** Whether every variant is the same configuration, whatever its name: an A/A experiment. */
  public static boolean sameConfiguration(List<Variant> variants) {
    return variants.stream().map(v -> v.config().withName("")).distinct().count() == 1;
  }

  public Outcome run(String name, VariantRun runner, Consumer<Progress> afterEachRun)
      throws InterruptedException {
    Instant started = clock.instant();
    ExperimentRecorder recorder =
        new ExperimentRecorder(
            name,
            started.toString(),
            variants,
            metric,
            rule,
            design.seed(),
            sameConfiguration(variants));
    List<RunProcedure.RunResult> results = new ArrayList<>();
    Map<String, List<Integer>> previousPeaks = new HashMap<>();
    for (int round = 1; ; round++) {
      List<String> order = design.orderOf(round);
      List<Experiment.RunRecord> runs = new ArrayList<>();
      for (int position = 0; position < order.size(); position++) {
        Variant variant = variant(order.get(position));
        AnemometerConfig config = hinted(variant, previousPeaks.get(variant.name()));
        RunProcedure.RunResult result = runner.run(config);
        results.add(result);
        runs.add(record(variant.name(), config, result));
        peaks(result.summary()).ifPresent(peaks -> previousPeaks.put(variant.name(), peaks));
        long wall = Duration.between(started, clock.instant()).toSeconds();
        boolean interrupted = "INTERRUPTED".equals(result.summary().outcome());
        boolean roundEnded = interrupted || position == order.size() - 1;
        Experiment snapshot =
            roundEnded
                ? recorder.endRound(round, order, runs, wall, interrupted)
                : recorder.during(round, order, runs, wall);
        afterEachRun.accept(new Progress(result, snapshot, roundEnded));
        if (snapshot.stopReason() != null) {
          return new Outcome(snapshot, List.copyOf(results));
        }
      }
    }
  }

  private Variant variant(String name) {
    return variants.stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
  }

  /** The variant's configuration, its search hinted by its previous peak when it has one. */
  private AnemometerConfig hinted(Variant variant, List<Integer> previousPeaks) {
    AnemometerConfig config = variant.config();
    if (!metric.isPeak() || previousPeaks == null) {
      return config;
    }
    return config.withFindMax(config.findMax().withHints(previousPeaks));
  }

  /** Every instance's peak, when every instance found one. */
  private static Optional<List<Integer>> peaks(RunSummary summary) {
    if (summary.instances() == null || summary.instances().isEmpty()) {
      return Optional.empty();
    }
    List<Integer> peaks = new ArrayList<>();
    for (RunSummary.InstanceSummary instance : summary.instances()) {
      if (instance.peakUsers() == null || instance.peakUsers() < 1) {
        return Optional.empty();
      }
      peaks.add(instance.peakUsers());
    }
    return Optional.of(peaks);
  }

  private Experiment.RunRecord record(
      String variant, AnemometerConfig config, RunProcedure.RunResult result) {
    RunSummary summary = result.summary();
    Platform platform = summary.platform();
    Platform.MachineSpeed after = platform == null ? null : platform.afterRun();
    return new Experiment.RunRecord(
        variant,
        result.dir().getFileName().toString(),
        summary.outcome(),
        summary.exitCode(),
        metric.valueOf(summary),
        metric.isPeak() ? config.findMax().maxPassHint() : null,
        summary.durationSeconds(),
        platform == null ? null : cpu(platform.referenceSpeed()),
        platform == null ? null : loopback(platform.loopbackSpeed()),
        after == null ? null : cpu(after.referenceSpeed()),
        after == null ? null : loopback(after.loopbackSpeed()),
        MachinePace.of(summary),
        also(summary));
  }

  /** The values of the metrics measured beside the deciding one; null when there are none. */
  private Map<String, Double> also(RunSummary summary) {
    Map<String, Double> values = new LinkedHashMap<>();
    for (ExperimentMetric other : metric.alsoMeasured()) {
      Double value = other.valueOf(summary);
      if (value != null) {
        values.put(other.key(), value);
      }
    }
    return values.isEmpty() ? null : values;
  }

  private static Double cpu(ReferenceSpeed speed) {
    return speed == null ? null : speed.score();
  }

  private static Double loopback(LoopbackSpeed speed) {
    return speed == null ? null : speed.score();
  }
}
