package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.data.DataCommands;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.local.LocalDeployment;
import dev.anemometer.harness.run.Harness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code load-data} and {@code reset-data}: the data tier only. */
final class DataCommand {

  private DataCommand() {}

  static int execute(ConfigOptions options, boolean verbose, boolean load) throws Exception {
    Console console = new Console(System.out, verbose);
    AnemometerConfig config = options.load();
    Harness harness = Harness.create(console);
    if (Files.exists(harness.paths().deploymentState())) {
      throw new dev.anemometer.harness.config.ConfigException(
          "a deployment is running and holds the databases; run './anemometer teardown' first");
    }
    DataCommands data = harness.dataCommands();
    Path output = harness.paths().deploymentState().resolveSibling("data");
    console.phase((load ? "load" : "reset") + " data");
    try (LocalDeployment databases =
        LocalDeployment.startDatabases(
            config,
            harness.paths(),
            new LocalDeployment.Output(output.resolve("tuning"), output.resolve("logs")),
            harness.tuning(),
            console)) {
      for (DeployedInstance instance : databases.instances()) {
        String label = "instance-" + instance.index();
        int maxUsers = config.appInstances().get(instance.index()).maxUsers();
        if (load) {
          data.load(
              label,
              instance.database(),
              maxUsers,
              Harness.owned(config.appInstances().get(instance.index())));
        } else {
          data.reset(label, instance.database());
        }
      }
    }
    console.phase("done");
    return ExitCodes.PASSED;
  }

  @Command(
      name = "load-data",
      mixinStandardHelpOptions = true,
      description = "Load each app instance's data (maxUsers users) into its database.")
  static final class LoadData implements Callable<Integer> {
    @ParentCommand AnemometerCli root;
    @Mixin ConfigOptions config;

    @Override
    public Integer call() throws Exception {
      return execute(config, root.verbose, true);
    }
  }

  @Command(
      name = "reset-data",
      mixinStandardHelpOptions = true,
      description =
          "Remove what runs added and re-activate the live auctions (seconds, no reload).")
  static final class ResetData implements Callable<Integer> {
    @ParentCommand AnemometerCli root;
    @Mixin ConfigOptions config;

    @Override
    public Integer call() throws Exception {
      return execute(config, root.verbose, false);
    }
  }
}
