package dev.anemometer.harness.cli;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.run.TargetOptions;
import dev.anemometer.harness.target.kubernetes.ClusterOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Deploy, load data, drive the load path, judge QoS, audit the bids, collect, report.",
      "With no arguments: the quickstart preset on this host (about 3 minutes)."
    })
final class RunCommand implements Callable<Integer> {

  @ParentCommand AnemometerCli root;

  @Mixin ConfigOptions config;

  @Option(
      names = "--repeat",
      paramLabel = "N",
      description = "Run N times (default: the config's repeat).")
  Integer repeat;

  @Mixin ClusterOptions cluster;

  @Option(
      names = "--keep",
      description =
          "Target kubernetes: leave the run's namespaces for inspection"
              + " (remove them later with teardown --kubernetes).")
  boolean keep;

  @Option(
      names = "--results",
      paramLabel = "DIR",
      description = "Results folder (default: results).")
  Path resultsRoot = Path.of("results");

  @Override
  public Integer call() throws Exception {
    AnemometerConfig resolved = config.load();
    int runs = repeat == null ? resolved.repeat() : repeat;
    if (runs < 1) {
      throw new ConfigException("--repeat: must be ≥ 1 (got " + runs + ")");
    }
    Console console = new Console(System.out, root.verbose);
    console.phase(
        "run '"
            + resolved.name()
            + "' (preset "
            + resolved.preset()
            + ", "
            + resolved.strategy().configName()
            + ", "
            + runs
            + " run"
            + (runs == 1 ? "" : "s")
            + ")");
    RunProcedure procedure =
        RunProcedure.forTargets(
            Harness.create(console),
            new TargetOptions(cluster, keep),
            RunProcedure.defaultDriver());
    List<RunProcedure.RunResult> results = new ArrayList<>();
    int exit = 0;
    for (int i = 0; i < runs; i++) {
      RunProcedure.RunResult result = procedure.execute(resolved, resultsRoot);
      results.add(result);
      exit = Math.max(exit, result.summary().exitCode());
      SummaryPrinter.print(console, result);
    }
    if (runs > 1) {
      SummaryPrinter.printRepeats(console, results);
    }
    return exit;
  }
}
