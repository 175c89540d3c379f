package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.deploy.container.ContainerAppTier;
import dev.anemometer.harness.elasticity.ChangeSteps;
import java.time.Duration;
import java.util.Map;

/**
 * The app Deployment of one instance. A change sets its replicas and waits until every replica is
 * ready; HAProxy finds new pods through the headless {@code app-pods} Service, nginx without
 * HAProxy through the {@code app} Service. Kubernetes drains a removed pod itself (endpoints first,
 * then SIGTERM and the app's graceful shutdown).
 */
final class KubernetesAppTier extends ContainerAppTier {

  private static final String APP = "app";

  private final KubernetesDeployment deployment;
  private final Readiness readiness;
  private final InstanceNamespace instance;
  private final Duration readyTimeout;

  KubernetesAppTier(
      KubernetesDeployment deployment,
      Readiness readiness,
      InstanceNamespace instance,
      Duration readyTimeout) {
    super(instance.model());
    this.deployment = deployment;
    this.readiness = readiness;
    this.instance = instance;
    this.readyTimeout = readyTimeout;
  }

  @Override
  public void scaleTo(int target, ChangeSteps steps) {
    deployment.scale(instance.appInstanceIndex(), APP, target);
    steps.step("replicas-set", Map.of("replicas", target));
    readiness.awaitDeployment(instance, APP, readyTimeout);
    instancesChangedTo(target);
    steps.step("ready", Map.of("instances", target));
  }
}
