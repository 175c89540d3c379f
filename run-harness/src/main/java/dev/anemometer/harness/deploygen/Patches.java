package dev.anemometer.harness.deploygen;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * The strategic-merge patches that size the base for one preset: objects holding only their name
 * and the fields the preset sets, built from the same parts as the base so the two cannot drift.
 */
final class Patches {

  private Patches() {}

  static List<HasMetadata> forPreset(StackModel model) {
    List<HasMetadata> patches = new ArrayList<>();
    patches.add(app(model));
    patches.add(postgres(model));
    patches.add(job("data-load", container("data-load").withEnv(DatabaseTier.maxUsers(model))));
    patches.add(
        new StatefulSetBuilder()
            .withMetadata(named(Driver.WORKERS))
            .withNewSpec()
            .withReplicas(model.driverWorkers())
            .endSpec()
            .build());
    if (model.hasWeb()) {
      patches.add(scaled("nginx", model.webReplicas()));
    }
    if (model.hasLb()) {
      patches.add(scaled("haproxy", model.lbReplicas()));
    }
    return patches;
  }

  private static HasMetadata app(StackModel model) {
    ContainerBuilder app =
        container("app")
            .withEnv(HttpTiers.javaOptions(model))
            .withResources(HttpTiers.appResources(model));
    return new DeploymentBuilder(scaled("app", model.appReplicas()))
        .editSpec()
        .withTemplate(onlyContainer(app))
        .endSpec()
        .build();
  }

  private static HasMetadata postgres(StackModel model) {
    ContainerBuilder postgres =
        container("postgres").withResources(DatabaseTier.postgresResources(model));
    return new StatefulSetBuilder()
        .withMetadata(named("postgres"))
        .withNewSpec()
        .withTemplate(onlyContainer(postgres))
        .withVolumeClaimTemplates(DatabaseTier.dataClaim(named("data"), model))
        .endSpec()
        .build();
  }

  /** The patches that take HAProxy out of the base, for presets without a load balancer. */
  static List<HasMetadata> withoutLoadBalancer() {
    return List.of(
        new DeploymentBuilder()
            .withMetadata(named("haproxy"))
            .addToAdditionalProperties("$patch", "delete")
            .build(),
        new ServiceBuilder()
            .withMetadata(named("haproxy"))
            .addToAdditionalProperties("$patch", "delete")
            .build());
  }

  private static Deployment scaled(String name, int replicas) {
    return new DeploymentBuilder()
        .withMetadata(named(name))
        .withNewSpec()
        .withReplicas(replicas)
        .endSpec()
        .build();
  }

  private static HasMetadata job(String name, ContainerBuilder container) {
    return new JobBuilder()
        .withMetadata(named(name))
        .withNewSpec()
        .withTemplate(onlyContainer(container))
        .endSpec()
        .build();
  }

  /** A patch's container: merged into the base's container of the same name. */
  private static ContainerBuilder container(String name) {
    return new ContainerBuilder().withName(name);
  }

  private static PodTemplateSpec onlyContainer(ContainerBuilder container) {
    return new PodTemplateSpecBuilder()
        .withNewSpec()
        .withContainers(container.build())
        .endSpec()
        .build();
  }

  private static ObjectMeta named(String name) {
    return new ObjectMetaBuilder().withName(name).build();
  }
}
