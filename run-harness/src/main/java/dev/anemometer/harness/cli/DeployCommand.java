package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.run.DeployProcedure;
import dev.anemometer.harness.run.Harness;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "deploy",
    mixinStandardHelpOptions = true,
    description = {
      "Bring the tiers up with data loaded and reset, and leave them running.",
      "Writes each app instance's entry URL and JDBC URL to deployment.json; stop with teardown."
    })
final class DeployCommand implements Callable<Integer> {

  @ParentCommand AnemometerCli root;

  @Mixin ConfigOptions config;

  @Mixin dev.anemometer.harness.deploy.kubernetes.ClusterOptions cluster;

  @Override
  public Integer call() {
    Console console = new Console(System.out, root.verbose);
    var loaded = config.load();
    if (loaded.target() != dev.anemometer.harness.config.Target.LOCAL) {
      return dev.anemometer.harness.run.OtherTargets.deploy(loaded, cluster, console);
    }
    for (DeployedInstance instance : new DeployProcedure(Harness.create(console)).deploy(loaded)) {
      console.info(
          "instance-"
              + instance.index()
              + ": "
              + instance.entryUrls().get(0)
              + "  (database "
              + instance.database()
              + ")");
    }
    console.phase("deployed; details in deployment.json; stop with ./anemometer teardown");
    return ExitCodes.PASSED;
  }
}
