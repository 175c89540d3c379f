package dev.anemometer.harness.studies;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.elasticity.ElasticityResults;
import dev.anemometer.harness.elasticity.ElasticityRunner;
import dev.anemometer.harness.extension.RunContext;
import dev.anemometer.harness.extension.RunExtension;
import dev.anemometer.harness.results.RunSummary;
import java.util.List;

/**
 * The elasticity and fault schedules of one run: the runner changes the tiers of the deployed
 * stack, whatever its target, while the load runs; its changes, their timing and the faults'
 * recovery become the summary's {@code elasticity} and {@code faults}.
 */
final class ElasticityStudy implements RunExtension {

  private final RunContext run;
  private volatile ElasticityRunner runner;
  private volatile ElasticityResults results;

  ElasticityStudy(RunContext run) {
    this.run = run;
  }

  @Override
  public List<RunListener> duringLoad(DeployedStack stack, DriverProcesses driver) {
    runner =
        new ElasticityRunner(
            run.config(),
            stack.scalableTiers(),
            stack.faultTargets(),
            run.results().events(),
            run.config().qos().rules());
    return List.of(runner);
  }

  @Override
  public void afterLoad() throws InterruptedException {
    if (runner == null) {
      return;
    }
    runner.close();
    results = runner.results();
    results.headlines().forEach(run.console()::info);
  }

  @Override
  public RunSummary summarize(RunSummary summary) {
    ElasticityResults changes = results;
    return changes == null ? summary : summary.withChanges(changes.elasticity(), changes.faults());
  }
}
