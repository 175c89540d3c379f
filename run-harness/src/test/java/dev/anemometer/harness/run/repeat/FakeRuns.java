package dev.anemometer.harness.run.repeat;

import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.platform.LoopbackSpeed;
import dev.anemometer.harness.platform.Platform;
import dev.anemometer.harness.platform.ReferenceSpeed;
import dev.anemometer.harness.platform.TierCpu;
import dev.anemometer.harness.platform.WindowCpu;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.run.RunProcedure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A repeat set's runs without deploying anything: each call makes the next results folder under a
 * results root, with a summary.json that carries the given peak (findMax) or judged throughput.
 */
public final class FakeRuns implements RepeatRunner.Repetition {

  private final Path root;
  private final String strategy;
  private final List<Double> values;
  private final List<Double> loopbackScores;
  private final List<Double> nativePaces;
  private int made;

  private FakeRuns(Path root, String strategy, List<Double> values, List<Double> loopbackScores) {
    this(root, strategy, values, loopbackScores, List.of());
  }

  private FakeRuns(
      Path root,
      String strategy,
      List<Double> values,
      List<Double> loopbackScores,
      List<Double> nativePaces) {
    this.root = root;
    this.strategy = strategy;
    this.values = values;
    this.loopbackScores = loopbackScores;
    this.nativePaces = nativePaces;
  }

  /**
   * The same runs, each with a CPU summary whose peak window had nginx and HAProxy take this many
   * µs per user-second, in order.
   */
  public FakeRuns withNativePaces(Double... paces) {
    return new FakeRuns(root, strategy, values, loopbackScores, java.util.Arrays.asList(paces));
  }

  /**
   * The same runs on a machine whose loopback reference score at each run's start was this, in
   * order (its CPU score always 0.97).
   */
  public FakeRuns onAMachineWithLoopbackScores(Double... scores) {
    return new FakeRuns(root, strategy, values, java.util.Arrays.asList(scores), nativePaces);
  }

  /**
   * findMax runs that find these peaks, in order; a null is a run that broke off (ERROR), a NaN one
   * stopped by Ctrl-C (INTERRUPTED).
   */
  public static FakeRuns findMax(Path root, Double... peaks) {
    return new FakeRuns(root, "findMax", java.util.Arrays.asList(peaks), List.of());
  }

  /** Fixed runs whose judged period had these throughputs (ops/s), in order. */
  public static FakeRuns fixed(Path root, Double... throughputs) {
    return new FakeRuns(root, "fixed", java.util.Arrays.asList(throughputs), List.of());
  }

  public int made() {
    return made;
  }

  @Override
  public RunProcedure.RunResult run() {
    if (made == values.size()) {
      throw new IllegalStateException("the set asked for more runs than the test planned");
    }
    Double value = values.get(made++);
    RunSummary summary = summary(value);
    Path dir = root.resolve(String.format("20261125-0800%02d-t", made));
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("summary.json"), Json.pretty().writeValueAsString(summary));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new RunProcedure.RunResult(dir, summary, null);
  }

  /** A run that broke off or was stopped has no load; the others one operation with the figure. */
  private RunSummary summary(Double value) {
    boolean interrupted = value != null && value.isNaN();
    boolean measured = value != null && !interrupted;
    boolean findMax = strategy.equals("findMax");
    Map<String, Object> load = null;
    if (measured) {
      Map<String, Object> operation =
          Map.of("operation", "HomePage", "throughputPerSecond", findMax ? 100.0 : value);
      load =
          Map.of(
              "valid",
              true,
              "targets",
              List.of(Map.of("id", "instance-0", "operations", List.of(operation))));
    }
    return new RunSummary(
        "t",
        "local",
        "local",
        strategy,
        "2026-11-25T08:00:00Z",
        600,
        measured ? "PASSED" : interrupted ? "INTERRUPTED" : "ERROR",
        measured ? 0 : 3,
        !measured ? null : findMax ? value.intValue() : 100,
        List.of(),
        load == null ? null : DriverFiles.summary(load),
        null,
        measured ? "QoS met" : interrupted ? "interrupted (Ctrl-C)" : "a tier did not start",
        null,
        null,
        platform(),
        measured ? cpu(value) : null,
        null,
        null,
        null);
  }

  /** With native paces: one 100-s peak window at 1,000 users, nginx and HAProxy half each. */
  private CpuSummary cpu(Double value) {
    if (nativePaces.isEmpty()) {
      return null;
    }
    double nativeSeconds = nativePaces.get(made - 1) * 1_000 * 100 / 1e6;
    WindowCpu peak =
        new WindowCpu(
            "instance-0",
            0,
            0,
            100_000,
            1_000,
            true,
            100,
            List.of(
                new TierCpu("lb", 1, nativeSeconds / 2, nativeSeconds / 200, null),
                new TierCpu("web", 1, nativeSeconds / 2, nativeSeconds / 200, null)));
    return new CpuSummary(true, "", List.of(peak), List.of(peak));
  }

  /** Only the reference figures: what a repeat set reads of a run's platform. */
  private Platform platform() {
    if (loopbackScores.isEmpty()) {
      return null;
    }
    double loopback = loopbackScores.get(made - 1);
    return new Platform(
        "test",
        null,
        null,
        null,
        null,
        null,
        "local",
        Map.of(),
        null,
        new ReferenceSpeed(0.97 * 250e6, 0.97 * 250e6, 0.97),
        new LoopbackSpeed(loopback * 38_000, loopback),
        null);
  }
}
