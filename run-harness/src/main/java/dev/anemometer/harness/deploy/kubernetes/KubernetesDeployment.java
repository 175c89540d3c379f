package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.ContainerConfigs;
import dev.anemometer.harness.deploygen.DeployFiles;
import dev.anemometer.harness.deploygen.KubernetesManifests;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.tuning.TuningCalculator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import java.net.URI;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The {@code kubernetes} target: each app instance in its own namespace, built from the same
 * manifests as {@code k8s/} but sized by the run's own config, with a fresh password and driver
 * token per run. Namespaces are labelled with the run and its owner, so that a leftover from a
 * crashed run can be found and no one else's is touched.
 */
public final class KubernetesDeployment implements AutoCloseable {

  static final String RUN_LABEL = "anemometer.dev/run";

  /** Who started a run ({@link NamespaceOwner}): teardown deletes only its own namespaces. */
  static final String OWNER_LABEL = "anemometer.dev/owner";

  private final KubernetesClient client;
  private final ClusterNetwork network;
  private final String runId;
  private final String owner;
  private final String driverToken = randomSecret();
  private final List<InstanceNamespace> instances = new ArrayList<>();

  public KubernetesDeployment(KubernetesClient client, String runName) {
    this(client, new ApiServerNetwork(client), runName, NamespaceOwner.current());
  }

  KubernetesDeployment(
      KubernetesClient client, ClusterNetwork network, String runName, String owner) {
    this.client = client;
    this.network = network;
    this.runId = dnsLabel(runName);
    this.owner = owner;
  }

  /** Creates one namespace per app instance and applies its objects; returns without waiting. */
  public List<InstanceNamespace> deploy(AnemometerConfig config, TuningCalculator tuning) {
    List<String> entryHosts = new ArrayList<>();
    List<StackModel> models = new ArrayList<>();
    for (int i = 0; i < config.appInstances().size(); i++) {
      StackModel model = StackModel.of(config, i, tuning);
      models.add(model);
      entryHosts.add(entryUrl(namespaceName(i), model).getHost());
    }
    for (int i = 0; i < models.size(); i++) {
      StackModel model = models.get(i);
      String namespace = namespaceName(i);
      client
          .namespaces()
          .resource(
              new NamespaceBuilder()
                  .withNewMetadata()
                  .withName(namespace)
                  .addToLabels("app.kubernetes.io/part-of", "anemometer")
                  .addToLabels(RUN_LABEL, runId)
                  .addToLabels(OWNER_LABEL, owner)
                  .addToLabels("anemometer.dev/instance", model.instanceName())
                  .endMetadata()
                  .build())
          .createOr(NonDeletingOperation::update);
      List<HasMetadata> applied = new ArrayList<>();
      for (HasMetadata resource : resources(model, entryHosts)) {
        applied.add(
            client
                .resource(resource)
                .inNamespace(namespace)
                .createOr(NonDeletingOperation::update));
      }
      instances.add(
          new InstanceNamespace(i, namespace, model, applied, entryUrl(namespace, model)));
    }
    return List.copyOf(instances);
  }

  /** Where users enter an instance, as pods (the driver's workers) reach it. */
  private URI entryUrl(String namespace, StackModel model) {
    return network.serviceUrl(namespace, model.entryHost(), ContainerConfigs.HTTP_PORT);
  }

  public List<InstanceNamespace> instances() {
    return List.copyOf(instances);
  }

  /** The bearer token of every worker pod of this run. */
  String driverToken() {
    return driverToken;
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

  /**
   * The objects of one instance: the same fabric8 objects {@code k8s/} is written from, with a
   * Secret of its own database password and the run's driver token, and workers that may load every
   * instance's entry (the harness splits each instance's users over all of them).
   */
  List<HasMetadata> resources(StackModel model, List<String> entryHosts) {
    return KubernetesManifests.objects(
        model, randomSecret(), driverToken, DeployFiles.staticFiles(), entryHosts);
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
