package dev.anemometer.harness.deploy.container;

import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.deploygen.ContainerConfigs;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.elasticity.ScalableTier;

/**
 * The app tier of a container target (Compose, Kubernetes), where an orchestrator runs the app
 * replicas: it starts at the generated replica count and can grow to what the generated files
 * prepared for. Subclasses say how their orchestrator changes the count and report it here once a
 * change has taken effect.
 */
public abstract class ContainerAppTier implements ScalableTier {

  private final int maxInstances;
  private volatile int instances;

  protected ContainerAppTier(StackModel model) {
    this.instances = model.appReplicas();
    this.maxInstances = ContainerConfigs.scalableAppServers(model);
  }

  @Override
  public final TierName tier() {
    return TierName.APP;
  }

  @Override
  public final int instances() {
    return instances;
  }

  @Override
  public final int maxInstances() {
    return maxInstances;
  }

  /** Records the count a completed change left serving. */
  protected final void instancesChangedTo(int instances) {
    this.instances = instances;
  }
}
