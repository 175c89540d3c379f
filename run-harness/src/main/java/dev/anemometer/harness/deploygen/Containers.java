package dev.anemometer.harness.deploygen;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.EmptyDirVolumeSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.List;

/** The parts tier containers are assembled from: sizes, environment, probes, volumes. */
final class Containers {

  /** The Secret holding the database password and the driver token. */
  static final String SECRETS = "anemometer-secrets";

  private Containers() {}

  /** A container serving on one named port, the name its probes refer to. */
  static ContainerBuilder serving(String name, String image, String portName, int port) {
    return new ContainerBuilder()
        .withName(name)
        .withImage(image)
        .withPorts(new ContainerPortBuilder().withName(portName).withContainerPort(port).build());
  }

  /** Memory requested as much as limited, so that a node never overcommits it. */
  static ResourceRequirements resources(String cpuRequest, String cpuLimit, long memoryMegabytes) {
    Quantity memory = new Quantity(memoryMegabytes + "Mi");
    return new ResourceRequirementsBuilder()
        .addToRequests("cpu", new Quantity(cpuRequest))
        .addToRequests("memory", memory)
        .addToLimits("cpu", new Quantity(cpuLimit))
        .addToLimits("memory", memory)
        .build();
  }

  static EnvVar env(String name, Object value) {
    return new EnvVarBuilder().withName(name).withValue(String.valueOf(value)).build();
  }

  static EnvVar secret(String name, String key) {
    return new EnvVarBuilder()
        .withName(name)
        .withNewValueFrom()
        .withNewSecretKeyRef()
        .withName(SECRETS)
        .withKey(key)
        .endSecretKeyRef()
        .endValueFrom()
        .build();
  }

  /** Where the app and the data loader find PostgreSQL; the password stays in the Secret. */
  static List<EnvVar> database() {
    return List.of(
        env("SPRING_DATASOURCE_URL", ContainerConfigs.jdbcUrl()),
        env("SPRING_DATASOURCE_USERNAME", ContainerConfigs.DATABASE_USER),
        secret("SPRING_DATASOURCE_PASSWORD", "db-password"));
  }

  static ProbeBuilder tcp(String port) {
    return new ProbeBuilder().withNewTcpSocket().withPort(new IntOrString(port)).endTcpSocket();
  }

  static ProbeBuilder httpGet(String path, String port) {
    return new ProbeBuilder()
        .withNewHttpGet()
        .withPath(path)
        .withPort(new IntOrString(port))
        .endHttpGet();
  }

  static ProbeBuilder exec(String... command) {
    return new ProbeBuilder().withNewExec().withCommand(command).endExec();
  }

  static VolumeMount mount(String volume, String path) {
    return new VolumeMountBuilder().withName(volume).withMountPath(path).build();
  }

  /** A scratch volume; in memory when the medium says so, as big as the limit when one is set. */
  static Volume emptyDir(String volume, String medium, Quantity sizeLimit) {
    return new VolumeBuilder()
        .withName(volume)
        .withEmptyDir(new EmptyDirVolumeSource(medium, sizeLimit))
        .build();
  }

  static Volume configMapVolume(String volume, String configMap) {
    return new VolumeBuilder()
        .withName(volume)
        .withNewConfigMap()
        .withName(configMap)
        .endConfigMap()
        .build();
  }
}
