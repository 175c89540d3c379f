package dev.anemometer.harness.cli;

import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.platform.PeakWindows;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.run.RunProcedure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An experiment's runs without deploying anything: each variant (told by the end of its run's name)
 * has a true value, and the machine slows by {@code driftPerRun} with every run, so that the value
 * measured is the true one times the machine's pace then. Each run gets a results folder with its
 * summary.json, as the run procedure writes it.
 */
final class SimulatedStack implements ExperimentRuns.Procedure {

  private final Map<String, Double> trueValues;
  private final double driftPerRun;
  private final String strategy;
  private final Set<Integer> brokenRuns = new HashSet<>();
  final List<AnemometerConfig> configs = new ArrayList<>();

  SimulatedStack(String strategy, Map<String, Double> trueValues, double driftPerRun) {
    this.strategy = strategy;
    this.trueValues = trueValues;
    this.driftPerRun = driftPerRun;
  }

  /** The run with this number (1-based) breaks off: an infrastructure error, no value. */
  SimulatedStack breaking(int run) {
    brokenRuns.add(run);
    return this;
  }

  @Override
  public RunProcedure.RunResult execute(AnemometerConfig config, Path resultsRoot) {
    configs.add(config);
    int run = configs.size();
    double pace = Math.pow(1 + driftPerRun, run - 1);
    String variant =
        trueValues.keySet().stream()
            .filter(name -> config.name().endsWith("-" + name))
            .findFirst()
            .orElseThrow();
    double value = trueValues.get(variant) * pace;
    boolean broken = brokenRuns.contains(run);
    RunSummary summary = summary(config, value, pace, broken);
    Path dir = resultsRoot.resolve(String.format("20261125-08%02d00-%s", run, config.name()));
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("summary.json"), Json.pretty().writeValueAsString(summary));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new RunProcedure.RunResult(dir, summary, null);
  }

  private RunSummary summary(AnemometerConfig config, double value, double pace, boolean broken) {
    boolean findMax = strategy.equals("findMax");
    int peak = (int) Math.round(value);
    // A slower machine answers later: p99 grows as its pace falls.
    Map<String, Object> operation =
        Map.of(
            "operation",
            "PlaceBid",
            "count",
            1000,
            "throughputPerSecond",
            findMax ? 100.0 : value,
            "p99Millis",
            50 / pace);
    Map<String, Object> load =
        Map.of("targets", List.of(Map.of("id", "instance-0", "operations", List.of(operation))));
    return new RunSummary(
        config.name(),
        config.preset(),
        "local",
        strategy,
        "2026-11-25T08:00:00Z",
        300,
        broken ? "ERROR" : "PASSED",
        broken ? 3 : 0,
        broken ? null : findMax ? peak : 100,
        broken
            ? List.of()
            : List.of(
                new RunSummary.InstanceSummary(
                    0, 2400, findMax ? peak : null, 3000, List.of(), null, true, null, null)),
        broken ? null : DriverFiles.summary(load),
        null,
        broken ? "a tier did not start" : "QoS met",
        null,
        null,
        null,
        broken ? null : cpu(pace),
        null,
        null,
        null);
  }

  /** nginx and HAProxy take 200 µs per user-second on a machine at full pace, more when slower. */
  private static CpuSummary cpu(double pace) {
    double nativeSeconds = 200 / pace * 1_000 * 100 / 1e6;
    return PeakWindows.atThousandUsersFor100Seconds(
        PeakWindows.tier("app", 30),
        PeakWindows.tier("lb", nativeSeconds / 2),
        PeakWindows.tier("web", nativeSeconds / 2));
  }
}
