package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.tuning.TierTuning;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description =
        "Check a configuration and print the resolved one (defaults, preset, file, --set).")
final class ValidateCommand implements Callable<Integer> {

  @ParentCommand AnemometerCli root;

  @Mixin ConfigOptions config;

  @Override
  public Integer call() {
    AnemometerConfig resolved = config.load();
    Harness harness = Harness.create(new Console(System.out, root.verbose));
    // The tuning formulas check what binding cannot, such as PostgreSQL connections vs. pools.
    for (int i = 0; i < resolved.appInstances().size(); i++) {
      TierTuning tuning = harness.tuning().compute(resolved, i);
      harness.console().debug("instance-" + i + " tuning: " + tuning);
    }
    System.out.print(ConfigLoader.toYaml(resolved));
    System.out.println("# valid");
    return ExitCodes.PASSED;
  }
}
