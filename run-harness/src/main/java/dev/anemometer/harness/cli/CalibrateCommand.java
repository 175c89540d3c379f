package dev.anemometer.harness.cli;

import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.driver.syntax.DurationSyntax;
import dev.anemometer.harness.calibration.CalibrationPlan;
import dev.anemometer.harness.calibration.MixTable;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.run.TargetOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    description = {
      "Measure the operation mix over a load sweep and compare it with the expected mix.",
      "At each load: a ramp, a settle period, then a measured hold. Prints expected and measured"
          + " share per operation and load; '!' marks a share off by more than ±3 %% beyond the"
          + " hold's counting noise, '~' one beyond ±3 %% but within that noise (hold longer).",
      "Exit 0 when every share is calibrated, 1 when one is off."
    })
final class CalibrateCommand implements Callable<Integer> {

  @ParentCommand AnemometerCli root;

  @Mixin ConfigOptions config;

  @Option(
      names = "--loads",
      paramLabel = "USERS",
      split = ",",
      description = "User counts of the sweep, in order (default: 500, 1000, 2000).")
  List<Integer> loads = new ArrayList<>(List.of(500, 1000, 2000));

  @Option(
      names = "--hold",
      paramLabel = "DURATION[,DURATION...]",
      description =
          "Measured time at each load: one for all, or one per load, e.g. 15m,8m,6m (a share's"
              + " noise grows as its load falls; default: ${DEFAULT-VALUE}).",
      defaultValue = "5m")
  String hold;

  @Option(
      names = "--settle",
      paramLabel = "DURATION",
      description = "Unmeasured time at each load before the hold (default: ${DEFAULT-VALUE}).",
      defaultValue = "90s")
  String settle;

  @Mixin ResultsRootOption results;

  @Override
  public Integer call() throws Exception {
    CalibrationPlan plan = plan();
    AnemometerConfig base = config.load();
    List<String> assignments = new ArrayList<>(config.overrides.assignments());
    assignments.add("name=" + base.name() + "-calibration");
    assignments.addAll(plan.assignments(base.appInstances().size()));
    for (int i = 0; i < base.appInstances().size(); i++) {
      int maxUsers = base.appInstances().get(i).maxUsers();
      int highest = plan.loads().stream().mapToInt(Integer::intValue).max().orElse(0);
      if (highest > maxUsers) {
        throw new ConfigException(
            "--loads: "
                + highest
                + " users is more than appInstances["
                + i
                + "].maxUsers ("
                + maxUsers
                + ")");
      }
    }
    AnemometerConfig sweep =
        new ConfigLoader().load(config.file, config.overrides.preset, assignments);
    Console console = new Console(System.out, root.verbose);
    console.phase(
        "calibrate '"
            + base.name()
            + "': loads "
            + plan.loads()
            + ", held "
            + plan.holds().stream().map(DurationSyntax::format).toList()
            + " after "
            + DurationSyntax.format(plan.settle())
            + " to settle ("
            + DurationSyntax.format(plan.length())
            + " of load)");
    RunProcedure procedure =
        CommandLineRun.procedure(Harness.create(console), TargetOptions.defaults());
    RunProcedure.RunResult result = procedure.execute(sweep, results.root);
    Path driverDir = result.dir().resolve("driver");
    if (!Files.exists(driverDir.resolve(DriverFiles.WINDOWS))) {
      console.notice("no judged windows were written: " + result.summary().message());
      return Math.max(ExitCodes.INFRASTRUCTURE, result.summary().exitCode());
    }
    MixTable table = MixTable.read(driverDir, plan);
    table.writeCsv(result.dir().resolve("calibration.csv"));
    console.phase("mix: expected against measured share of all operations, per load");
    List<List<String>> rows = new ArrayList<>(table.rows());
    rows.addAll(table.perSessionRows());
    console.table(table.header(), rows);
    table.precision().forEach(console::info);
    table.overloaded().forEach(line -> console.notice("not judged: " + line));
    table.offCalibration().forEach(line -> console.notice("off calibration: " + line));
    console.info(
        (table.calibrated()
                ? "calibrated: every share within ±3 % of its expected share (or its counting noise)"
                : "NOT calibrated: " + notCalibrated(table))
            + "; table in "
            + result.dir().resolve("calibration.csv"));
    return table.calibrated() ? ExitCodes.PASSED : ExitCodes.QOS_FAILED;
  }

  private static String notCalibrated(MixTable table) {
    List<String> reasons = new ArrayList<>();
    if (!table.overloaded().isEmpty()) {
      int holds = table.overloaded().size();
      reasons.add(holds + (holds == 1 ? " hold" : " holds") + " over its limits");
    }
    if (!table.offCalibration().isEmpty()) {
      reasons.add(table.offCalibration().size() + " shares off");
    }
    return String.join(", ", reasons);
  }

  private CalibrationPlan plan() {
    if (loads.isEmpty()) {
      throw new ConfigException("--loads: give at least one user count");
    }
    for (int users : loads) {
      if (users < 1) {
        throw new ConfigException("--loads: every user count must be ≥ 1 (got " + users + ")");
      }
    }
    List<Duration> holds = new ArrayList<>();
    for (String text : hold.split(",", -1)) {
      Duration holdTime = duration("--hold", text.strip());
      if (holdTime.isZero() || holdTime.isNegative()) {
        throw new ConfigException("--hold: must be > 0 (got " + text.strip() + ")");
      }
      holds.add(holdTime);
    }
    if (holds.size() != 1 && holds.size() != loads.size()) {
      throw new ConfigException(
          "--hold: give one time for every load or one per load ("
              + holds.size()
              + " for "
              + loads.size()
              + " loads)");
    }
    Duration settleTime = duration("--settle", settle);
    if (settleTime.isNegative()) {
      throw new ConfigException("--settle: must be ≥ 0 (got " + settle + ")");
    }
    Duration rampUp = Duration.ofSeconds(30);
    return holds.size() == 1
        ? new CalibrationPlan(loads, rampUp, settleTime, holds.get(0))
        : new CalibrationPlan(loads, rampUp, settleTime, holds);
  }

  private static Duration duration(String option, String text) {
    try {
      return DurationSyntax.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(option + ": " + e.getMessage());
    }
  }
}
