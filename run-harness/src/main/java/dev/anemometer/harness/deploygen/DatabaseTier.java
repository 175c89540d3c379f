package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.Containers.env;
import static dev.anemometer.harness.deploygen.Containers.exec;
import static dev.anemometer.harness.deploygen.Containers.mount;
import static dev.anemometer.harness.deploygen.Containers.resources;
import static dev.anemometer.harness.deploygen.Containers.secret;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.List;

/** PostgreSQL in a StatefulSet with a volume of its own, and the Job that loads its data. */
final class DatabaseTier {

  private static final String USER = ContainerConfigs.DATABASE_USER;

  private DatabaseTier() {}

  static List<HasMetadata> postgres(StackModel model) {
    TierLabels db = TierLabels.of("db", model);
    PodSpec pod =
        PodSecurity.restricted(
            new PodSpecBuilder()
                .withContainers(postgresContainer(model))
                .withVolumes(
                    Containers.configMapVolume("config", "postgres-config"),
                    Containers.emptyDir("shm", "Memory", new Quantity("256Mi")))
                .build(),
            PodSecurity.POSTGRES_USER,
            true);
    return List.of(
        Workloads.statefulSet("postgres", db, 1, pod)
            .editSpec()
            .withVolumeClaimTemplates(dataClaim(db.metadata("data"), model))
            .endSpec()
            .build(),
        Workloads.service("postgres", db, ContainerConfigs.POSTGRES_PORT, true));
  }

  private static Container postgresContainer(StackModel model) {
    return Containers.serving("postgres", "postgres:16", "postgres", ContainerConfigs.POSTGRES_PORT)
        .withArgs("-c", "config_file=/etc/postgresql/postgresql.conf")
        .withEnv(
            env("POSTGRES_DB", ContainerConfigs.DATABASE),
            env("POSTGRES_USER", USER),
            secret("POSTGRES_PASSWORD", "db-password"),
            env("PGDATA", "/var/lib/postgresql/data/pgdata"))
        .withReadinessProbe(
            exec("pg_isready", "-U", USER, "-d", ContainerConfigs.DATABASE)
                .withPeriodSeconds(5)
                .build())
        .withLivenessProbe(
            exec("pg_isready", "-U", USER)
                .withInitialDelaySeconds(30)
                .withPeriodSeconds(10)
                .build())
        .withResources(postgresResources(model))
        .withVolumeMounts(
            mount("data", "/var/lib/postgresql/data"),
            mount("config", "/etc/postgresql"),
            mount("shm", "/dev/shm"))
        .build();
  }

  static ResourceRequirements postgresResources(StackModel model) {
    return resources("1", "4", model.postgresMemoryMegabytes());
  }

  /** The database's volume, as large as the preset's data needs. */
  static PersistentVolumeClaim dataClaim(ObjectMeta metadata, StackModel model) {
    return new PersistentVolumeClaimBuilder()
        .withMetadata(metadata)
        .withNewSpec()
        .withAccessModes("ReadWriteOnce")
        .withNewResources()
        .addToRequests("storage", new Quantity(storageGigabytes(model) + "Gi"))
        .endResources()
        .endSpec()
        .build();
  }

  /** Weathervane's data sizes: about 2 MB per maxUsers-thousand of rows, plus images and room. */
  static int storageGigabytes(StackModel model) {
    return Math.max(5, model.maxUsers() / 1000);
  }

  static HasMetadata dataLoad(StackModel model) {
    Container loader =
        new ContainerBuilder()
            .withName("data-load")
            .withImage(KubernetesManifests.APP_IMAGE)
            .withCommand("sh", "/opt/anemometer/prepare-data.sh")
            .withEnv(maxUsers(model), env("JAVA_OPTS", "-Xmx1g"))
            .addAllToEnv(Containers.database())
            .withResources(resources("1", "2", 1536))
            .build();
    PodSpec pod =
        PodSecurity.restricted(
            new PodSpecBuilder().withRestartPolicy("OnFailure").withContainers(loader).build(),
            PodSecurity.ANEMOMETER_USER);
    return Workloads.job("data-load", TierLabels.of("data-load", model), pod)
        .editSpec()
        .withBackoffLimit(3)
        .endSpec()
        .build();
  }

  static EnvVar maxUsers(StackModel model) {
    return env("MAX_USERS", model.maxUsers());
  }
}
