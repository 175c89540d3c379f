package dev.anemometer.harness.cli;

import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.run.TargetOptions;
import dev.anemometer.harness.studies.StandardStudies;

/** The run of every command that runs: any target, the driver, the standard studies. */
final class CommandLineRun {

  private CommandLineRun() {}

  static RunProcedure procedure(Harness harness, TargetOptions options) {
    return RunProcedure.forTargets(
        harness,
        options,
        RunProcedure.defaultDriver(),
        StandardStudies.of(harness.paths().projectRoot(), harness.paths().postgresBinariesBase()));
  }
}
