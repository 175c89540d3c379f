package dev.anemometer.harness.cli;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.kubernetes.ClusterOptions;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.run.TargetOptions;
import dev.anemometer.harness.run.repeat.RepeatFlags;
import dev.anemometer.harness.run.repeat.RepeatSpec;
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
      "With no arguments: the quickstart preset on this host (about 3 minutes).",
      "Repeated (--repeat N, --until-cv PCT as DaCapo's converge, or --until-ci PCT): each run has"
          + " its own results folder; the set writes results/<stamp>-<name>-repeats/repeats.json"
          + " with every run's peak users (findMax) or judged throughput, their mean with its 95 %%"
          + " confidence interval, spread, sd and CV, and why the set stopped, and says so when the"
          + " spread exceeds findMax.precision."
    })
final class RunCommand implements Callable<Integer> {

  @ParentCommand AnemometerCli root;

  @Mixin ConfigOptions config;

  @Option(
      names = "--repeat",
      paramLabel = "N",
      description =
          "Run N times and report mean with its 95 %% confidence interval, spread and CV of the"
              + " peak users (findMax) or the judged throughput (default: the config's repeat).")
  Integer repeat;

  @Option(
      names = "--until-cv",
      paramLabel = "PCT",
      description =
          "Repeat until the coefficient of variation of the last --window results is below PCT"
              + " (e.g. 3%% or 3), at most --max-repeats runs. Not with --repeat.")
  String untilCv;

  @Option(
      names = "--until-ci",
      paramLabel = "PCT",
      description =
          "Repeat until the half-width of the 95 %% confidence interval of the mean (Student's t,"
              + " over every run) is within PCT of the mean (e.g. 2%% or 2); at least 2 runs, at"
              + " most --max-repeats. Not with --repeat or --until-cv.")
  String untilCi;

  @Option(
      names = "--window",
      paramLabel = "N",
      description =
          "With --until-cv: how many of the latest results the CV is taken over (default 3, ≥ 2).")
  Integer window;

  @Option(
      names = "--max-repeats",
      paramLabel = "M",
      description =
          "With --until-cv or --until-ci: stop after M runs even if the target is not reached"
              + " (default 6, or the window if larger; ≥ --window, ≥ 2).")
  Integer maxRepeats;

  @Mixin ClusterOptions cluster;

  @Option(
      names = "--keep",
      description =
          "Target kubernetes: leave the run's namespaces for inspection"
              + " (remove them later with teardown --kubernetes).")
  boolean keep;

  @Mixin ResultsRootOption results;

  @Override
  public Integer call() throws Exception {
    AnemometerConfig resolved = config.load();
    RepeatSpec repeats =
        RepeatFlags.parse(repeat, resolved.repeat(), untilCv, untilCi, window, maxRepeats);
    Console console = new Console(System.out, root.verbose);
    console.phase(
        "run '"
            + resolved.name()
            + "' (preset "
            + resolved.preset()
            + ", "
            + resolved.strategy().configName()
            + ", "
            + repeats.describe()
            + ")");
    Harness harness = Harness.create(console);
    RunProcedure procedure = CommandLineRun.procedure(harness, new TargetOptions(cluster, keep));
    return new RepeatedRuns(console, harness.clock())
        .run(resolved, repeats, results.root, () -> procedure.execute(resolved, results.root));
  }
}
