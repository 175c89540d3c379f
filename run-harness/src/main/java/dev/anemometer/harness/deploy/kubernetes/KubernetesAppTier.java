package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.container.ContainerAppTier;
import dev.anemometer.harness.elasticity.ChangeSteps;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;

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
  private final TargetCpu cpu;
  private final LongSupplier nanoTime;
  private Map<String, Long> previousNanos;
  private long previousAt;

  KubernetesAppTier(
      KubernetesDeployment deployment,
      Readiness readiness,
      InstanceNamespace instance,
      Duration readyTimeout,
      TargetCpu cpu) {
    this(deployment, readiness, instance, readyTimeout, cpu, System::nanoTime);
  }

  KubernetesAppTier(
      KubernetesDeployment deployment,
      Readiness readiness,
      InstanceNamespace instance,
      Duration readyTimeout,
      TargetCpu cpu,
      LongSupplier nanoTime) {
    super(instance.model());
    this.deployment = deployment;
    this.readiness = readiness;
    this.instance = instance;
    this.readyTimeout = readyTimeout;
    this.cpu = cpu;
    this.nanoTime = nanoTime;
  }

  /**
   * The app pods' CPU since the previous call, from the metrics API: per pod seen both times, in
   * cores per pod. It lags by up to one metrics window (typically 15 s), so a reactive policy on
   * CPU reacts that much later than on a host; empty without the API or on the first call.
   */
  @Override
  public synchronized OptionalDouble cpuUtilization() {
    List<TargetCpu.Use> uses;
    try {
      uses = cpu.read();
    } catch (TargetCpu.Unavailable e) {
      return OptionalDouble.empty();
    }
    long now = nanoTime.getAsLong();
    Map<String, Long> nanos = new HashMap<>();
    for (TargetCpu.Use use : uses) {
      if (use.process().tier().equals(APP)
          && use.process().appInstance() == instance.appInstanceIndex()) {
        nanos.put(use.process().name(), use.cpuNanos());
      }
    }
    Map<String, Long> before = previousNanos;
    long beforeAt = previousAt;
    previousNanos = nanos;
    previousAt = now;
    if (before == null || now <= beforeAt) {
      return OptionalDouble.empty();
    }
    long used = 0;
    int pods = 0;
    for (Map.Entry<String, Long> pod : nanos.entrySet()) {
      Long earlier = before.get(pod.getKey());
      if (earlier != null) {
        used += Math.max(0, pod.getValue() - earlier);
        pods++;
      }
    }
    return pods == 0
        ? OptionalDouble.empty()
        : OptionalDouble.of(used / (double) (now - beforeAt) / pods);
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
