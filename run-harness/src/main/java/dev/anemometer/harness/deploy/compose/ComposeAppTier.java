package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploy.container.ContainerAppTier;
import dev.anemometer.harness.elasticity.ChangeSteps;
import java.util.Map;

/**
 * The app service of one Compose project. {@code --scale} starts or stops containers; HAProxy finds
 * them through Docker's DNS (its {@code server-template} slots, re-resolved every 5 s) and routes
 * to a new one once its readiness check answers; without HAProxy nginx is reloaded so that it
 * resolves the service again. Compose stops a removed container with SIGTERM, whose graceful
 * shutdown finishes what is in flight.
 */
final class ComposeAppTier extends ContainerAppTier {

  private final ComposeDeployment deployment;
  private final ComposeDeployment.Project project;

  ComposeAppTier(ComposeDeployment deployment, ComposeDeployment.Project project) {
    super(project.model());
    this.deployment = deployment;
    this.project = project;
  }

  @Override
  public void scaleTo(int target, ChangeSteps steps) {
    int before = instances();
    steps.step(target > before ? "starting" : "stopping", Map.of("instances", before));
    deployment.scale(project.appInstanceIndex(), "app", target);
    instancesChangedTo(target);
    deployment.reloadWeb(project.appInstanceIndex());
    steps.step("scaled", Map.of("instances", target));
  }
}
