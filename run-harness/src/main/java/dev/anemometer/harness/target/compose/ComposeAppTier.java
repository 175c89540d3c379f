package dev.anemometer.harness.target.compose;

import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.deploygen.ContainerConfigs;
import dev.anemometer.harness.elasticity.ChangeSteps;
import dev.anemometer.harness.elasticity.ScalableTier;
import java.util.Map;

/**
 * The app service of one Compose project. {@code --scale} starts or stops containers; HAProxy finds
 * them through Docker's DNS (its {@code server-template} slots, re-resolved every 5 s) and routes
 * to a new one once its readiness check answers; without HAProxy nginx is reloaded so that it
 * resolves the service again. Compose stops a removed container with SIGTERM, whose graceful
 * shutdown finishes what is in flight.
 */
final class ComposeAppTier implements ScalableTier {

  private final ComposeDeployment deployment;
  private final ComposeDeployment.Project project;
  private volatile int instances;

  ComposeAppTier(ComposeDeployment deployment, ComposeDeployment.Project project) {
    this.deployment = deployment;
    this.project = project;
    this.instances = project.model().appReplicas();
  }

  @Override
  public TierName tier() {
    return TierName.APP;
  }

  @Override
  public int instances() {
    return instances;
  }

  @Override
  public int maxInstances() {
    return ContainerConfigs.scalableAppServers(project.model());
  }

  @Override
  public void scaleTo(int target, ChangeSteps steps) {
    steps.step(target > instances ? "starting" : "stopping", Map.of("instances", instances));
    deployment.scale(project.appInstanceIndex(), "app", target);
    instances = target;
    deployment.reloadWeb(project.appInstanceIndex());
    steps.step("scaled", Map.of("instances", target));
  }
}
