package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.Teardown;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "teardown",
    mixinStandardHelpOptions = true,
    description = "Stop the tiers that deploy left running (web, LB, app servers, database).")
final class TeardownCommand implements Callable<Integer> {

  @ParentCommand AnemometerCli root;

  @picocli.CommandLine.Option(
      names = "--kubernetes",
      description = "Delete the namespaces Anemometer created on the cluster instead.")
  boolean kubernetes;

  @picocli.CommandLine.Mixin dev.anemometer.harness.deploy.kubernetes.ClusterOptions cluster;

  @Override
  public Integer call() {
    Console console = new Console(System.out, root.verbose);
    if (kubernetes) {
      var deleted = dev.anemometer.harness.deploy.kubernetes.KubernetesTarget.teardown(cluster);
      console.info(deleted.isEmpty() ? "no Anemometer namespaces" : "deleted " + deleted);
      return ExitCodes.PASSED;
    }
    if (!new Teardown(Harness.create(console)).stop()) {
      console.info("nothing deployed");
    }
    return ExitCodes.PASSED;
  }
}
