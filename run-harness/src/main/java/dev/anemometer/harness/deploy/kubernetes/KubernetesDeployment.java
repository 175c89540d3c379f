package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.DeployFiles;
import dev.anemometer.harness.deploygen.KubernetesManifests;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.tuning.TuningCalculator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The {@code kubernetes} target: each app instance in its own namespace, built from the same
 * manifests as {@code k8s/} but sized by the run's own config, with a fresh password and driver
 * token per run. Namespaces are labelled so that a leftover from a crashed run can be found.
 */
public final class KubernetesDeployment implements AutoCloseable {

  static final String RUN_LABEL = "anemometer.dev/run";

  private final KubernetesClient client;
  private final String runId;
  private final List<InstanceNamespace> instances = new ArrayList<>();

  public KubernetesDeployment(KubernetesClient client, String runName) {
    this.client = client;
    this.runId = dnsLabel(runName);
  }

  /** Changes an object of an instance before it is applied (a run's driver controller). */
  @FunctionalInterface
  public interface Adjuster {
    HasMetadata adjust(int appInstanceIndex, StackModel model, HasMetadata resource);
  }

  /** Creates one namespace per app instance and applies its objects; returns without waiting. */
  public List<InstanceNamespace> deploy(AnemometerConfig config, TuningCalculator tuning) {
    return deploy(config, tuning, (index, model, resource) -> resource);
  }

  public List<InstanceNamespace> deploy(
      AnemometerConfig config, TuningCalculator tuning, Adjuster adjuster) {
    for (int i = 0; i < config.appInstances().size(); i++) {
      StackModel model = StackModel.of(config, i, tuning);
      String namespace = namespaceName(i);
      client
          .namespaces()
          .resource(
              new NamespaceBuilder()
                  .withNewMetadata()
                  .withName(namespace)
                  .addToLabels("app.kubernetes.io/part-of", "anemometer")
                  .addToLabels(RUN_LABEL, runId)
                  .addToLabels("anemometer.dev/instance", model.instanceName())
                  .endMetadata()
                  .build())
          .createOr(NonDeletingOperation::update);
      List<HasMetadata> applied = new ArrayList<>();
      for (HasMetadata resource : resources(model)) {
        applied.add(
            client
                .resource(adjuster.adjust(i, model, resource))
                .inNamespace(namespace)
                .createOr(NonDeletingOperation::update));
      }
      instances.add(new InstanceNamespace(i, namespace, model, applied));
    }
    return List.copyOf(instances);
  }

  public List<InstanceNamespace> instances() {
    return List.copyOf(instances);
  }

  /** Starts the suspended driver controller Job of every instance: the load begins. */
  public void startDriver() {
    for (InstanceNamespace instance : instances) {
      client
          .batch()
          .v1()
          .jobs()
          .inNamespace(instance.namespace())
          .withName("driver-controller")
          .edit(
              job -> {
                job.getSpec().setSuspend(false);
                return job;
              });
    }
  }

  /** Elasticity: sets a tier Deployment's replicas; {@link Readiness} tells when they serve. */
  public void scale(int appInstanceIndex, String deployment, int replicas) {
    InstanceNamespace instance = instance(appInstanceIndex);
    if (!instance.deployments().contains(deployment)) {
      throw new TierStartException(
          "cannot scale " + deployment + " in " + instance.namespace() + ": no such Deployment");
    }
    client
        .apps()
        .deployments()
        .inNamespace(instance.namespace())
        .withName(deployment)
        .edit(d -> new DeploymentBuilder(d).editSpec().withReplicas(replicas).endSpec().build());
  }

  public InstanceNamespace instance(int appInstanceIndex) {
    return instances.stream()
        .filter(i -> i.appInstanceIndex() == appInstanceIndex)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no app instance " + appInstanceIndex));
  }

  public String namespaceName(int appInstanceIndex) {
    String name = "anemometer-" + runId;
    String suffix = "-" + appInstanceIndex;
    return name.substring(0, Math.min(name.length(), 63 - suffix.length())) + suffix;
  }

  /** The objects of one instance: the same fabric8 objects {@code k8s/} is written from. */
  List<HasMetadata> resources(StackModel model) {
    return KubernetesManifests.objects(
        model, randomSecret(), randomSecret(), DeployFiles.staticFiles());
  }

  /**
   * Deletes every namespace of this run, found by its label too (an instance whose objects failed
   * to apply has a namespace but no entry here), and waits until they are gone.
   */
  @Override
  public void close() {
    java.util.Set<String> namespaces = new java.util.LinkedHashSet<>();
    instances.forEach(instance -> namespaces.add(instance.namespace()));
    client.namespaces().withLabel(RUN_LABEL, runId).list().getItems().stream()
        .map(ns -> ns.getMetadata().getName())
        .forEach(namespaces::add);
    new NamespaceTeardown(client).deleteNamespaces(List.copyOf(namespaces));
  }

  static String dnsLabel(String name) {
    String label = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-");
    label = label.replaceAll("^-+|-+$", "");
    return label.isEmpty() ? "run" : label;
  }

  private static String randomSecret() {
    byte[] bytes = new byte[16];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
