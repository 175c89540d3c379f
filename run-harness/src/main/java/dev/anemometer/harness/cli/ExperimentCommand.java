package dev.anemometer.harness.cli;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.kubernetes.ClusterOptions;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.run.TargetOptions;
import dev.anemometer.harness.run.experiment.ExperimentFlags;
import dev.anemometer.harness.run.experiment.ExperimentMetric;
import dev.anemometer.harness.run.experiment.ExperimentRunner;
import dev.anemometer.harness.run.experiment.StopRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "ab",
    aliases = "experiment",
    mixinStandardHelpOptions = true,
    description = {
      "Compare two or more variants in interleaved rounds: each round runs every variant once, in"
          + " a random order (recorded), each run deployed afresh with its data reset and the same"
          + " users' seeds. Per round, each variant's value over the base's; over the rounds, the"
          + " geometric mean ratio with its 95 %% confidence interval (Student's t on the per-round"
          + " log ratios) and a verdict. A drift of the machine between rounds cancels in each"
          + " round's ratio; between runs taken at different times it does not.",
      "Variants: two or more CONFIG files (the first is the base), or one configuration (a CONFIG"
          + " file or none, --preset, --set) as the base with each --variant adding overrides, or"
          + " --aa for the same configuration twice (a check of the machine: the interval's width is"
          + " the smallest difference it can show).",
      "Writes results/<stamp>-<name>-experiment/ with every run's folder, experiment.json and"
          + " report.html."
    })
final class ExperimentCommand implements Callable<Integer> {

  @ParentCommand AnemometerCli root;

  @Parameters(
      arity = "0..*",
      paramLabel = "CONFIG",
      description = "YAML configuration files: two or more, one per variant; or one, the base.")
  List<Path> files = new ArrayList<>();

  @Mixin ConfigOverrides common;

  @Option(
      names = "--variant",
      paramLabel = "NAME:KEY=VALUE[;KEY=VALUE…]",
      description =
          "A variant: the base configuration with these overrides, e.g. --variant"
              + " 'two-apps: appInstances[0].tiers.app.instances=2' (repeatable).")
  List<String> variants = new ArrayList<>();

  @Option(
      names = "--aa",
      description =
          "A/A: the base configuration as both variants, to see what the machine can tell.")
  boolean aa;

  @Option(
      names = "--metric",
      paramLabel = "METRIC",
      description =
          "What to compare: peak (findMax; each round's search starts from the variant's previous"
              + " peak), or at a fixed load throughput, p99:OPERATION (e.g. p99:PlaceBid) or cpu"
              + " (the stack's CPU µs per user-second). Default: peak for findMax, else"
              + " throughput.")
  String metric;

  @Option(
      names = "--until-ci",
      paramLabel = "PCT",
      description =
          "Stop when every variant's 95 %% CI is within ±PCT (e.g. 2%%); checked from round "
              + StopRule.MIN_ROUNDS_FOR_TARGET
              + ".")
  String untilCi;

  @Option(
      names = "--detect",
      paramLabel = "PCT",
      description =
          "Stop when every comparison is settled: its CI excludes no difference, or lies within"
              + " ±PCT; checked from round "
              + StopRule.MIN_ROUNDS_FOR_TARGET
              + ".")
  String detect;

  @Option(
      names = "--max-rounds",
      paramLabel = "N",
      description =
          "The most rounds that compare every variant (default "
              + StopRule.DEFAULT_MAX_ROUNDS_WITH_TARGET
              + " with --until-ci or --detect); without a target, the number of them (default "
              + StopRule.DEFAULT_ROUNDS
              + "). A round whose run broke off is run again; two in a row end the experiment.")
  Integer maxRounds;

  @Option(
      names = "--seed",
      paramLabel = "N",
      description = "Seed of the rounds' orders (default: drawn at random, recorded).")
  Long seed;

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description = "The experiment's name (default: the base configuration's).")
  String name;

  @Mixin ClusterOptions cluster;

  @Mixin ResultsRootOption results;

  @Override
  public Integer call() throws Exception {
    StopRule rule = ExperimentFlags.stopRule(untilCi, detect, maxRounds);
    List<ExperimentRunner.Variant> given =
        ExperimentFlags.variants(
            files,
            new ExperimentFlags.Common(common.preset, common.assignments()),
            variants,
            aa,
            new ConfigLoader());
    AnemometerConfig base = given.get(0).config();
    ExperimentMetric chosen = ExperimentMetric.parse(metric, base.strategy());
    String experimentName = ExperimentFlags.experimentName(name, base.name());
    Console console = new Console(System.out, root.verbose);
    Harness harness = Harness.create(console);
    RunProcedure procedure = CommandLineRun.procedure(harness, new TargetOptions(cluster, false));
    return new ExperimentRuns(console, harness.clock())
        .run(
            experimentName,
            given,
            chosen,
            rule,
            seed == null ? ThreadLocalRandom.current().nextLong(1_000_000) : seed,
            results.root,
            procedure::execute);
  }
}
