package dev.anemometer.harness.target.kubernetes;

import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.deploygen.ContainerConfigs;
import dev.anemometer.harness.elasticity.ChangeSteps;
import dev.anemometer.harness.elasticity.ScalableTier;
import java.time.Duration;
import java.util.Map;

/**
 * The app Deployment of one instance. A change sets its replicas and waits until every replica is
 * ready; HAProxy finds new pods through the headless {@code app-pods} Service, nginx without
 * HAProxy through the {@code app} Service. Kubernetes drains a removed pod itself (endpoints first,
 * then SIGTERM and the app's graceful shutdown).
 */
final class KubernetesAppTier implements ScalableTier {

  private static final String APP = "app";

  private final KubernetesDeployment deployment;
  private final Readiness readiness;
  private final InstanceNamespace instance;
  private final Duration readyTimeout;
  private volatile int instances;

  KubernetesAppTier(
      KubernetesDeployment deployment,
      Readiness readiness,
      InstanceNamespace instance,
      Duration readyTimeout) {
    this.deployment = deployment;
    this.readiness = readiness;
    this.instance = instance;
    this.readyTimeout = readyTimeout;
    this.instances = instance.model().appReplicas();
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
    return ContainerConfigs.scalableAppServers(instance.model());
  }

  @Override
  public void scaleTo(int target, ChangeSteps steps) {
    deployment.scale(instance.appInstanceIndex(), APP, target);
    steps.step("replicas-set", Map.of("replicas", target));
    readiness.awaitDeployment(instance, APP, readyTimeout);
    instances = target;
    steps.step("ready", Map.of("instances", target));
  }
}
