package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.ContainerConfigs.HTTP_PORT;
import static dev.anemometer.harness.deploygen.Containers.configMapVolume;
import static dev.anemometer.harness.deploygen.Containers.env;
import static dev.anemometer.harness.deploygen.Containers.httpGet;
import static dev.anemometer.harness.deploygen.Containers.mount;
import static dev.anemometer.harness.deploygen.Containers.resources;
import static dev.anemometer.harness.deploygen.Containers.tcp;
import static dev.anemometer.harness.deploygen.Workloads.deployment;
import static dev.anemometer.harness.deploygen.Workloads.service;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.List;

/** The tiers that serve HTTP: the app servers, and HAProxy and nginx in front of them. */
final class HttpTiers {

  private static final String LIVENESS = "/actuator/health/liveness";

  private HttpTiers() {}

  static List<HasMetadata> app(StackModel model) {
    TierLabels app = TierLabels.of("app", model);
    PodSpec pod =
        PodSecurity.restricted(
            new PodSpecBuilder()
                .withTerminationGracePeriodSeconds(45L)
                .withContainers(appContainer(model))
                .withVolumes(configMapVolume("config", "app-config"))
                .build(),
            PodSecurity.ANEMOMETER_USER);
    return List.of(
        deployment("app", app, model.appReplicas(), pod),
        service("app", app, HTTP_PORT, false),
        service("app-pods", app, HTTP_PORT, true));
  }

  /** Started once liveness answers (within 5 minutes), ready once Spring says so. */
  private static Container appContainer(StackModel model) {
    return Containers.serving("app", KubernetesManifests.APP_IMAGE, "http", HTTP_PORT)
        .withEnv(
            javaOptions(model),
            env("SPRING_CONFIG_ADDITIONAL_LOCATION", "file:/etc/anemometer/app.properties"))
        .addAllToEnv(Containers.database())
        .withStartupProbe(
            httpGet(LIVENESS, "http").withPeriodSeconds(5).withFailureThreshold(60).build())
        .withReadinessProbe(
            httpGet("/actuator/health/readiness", "http").withPeriodSeconds(5).build())
        .withLivenessProbe(
            httpGet(LIVENESS, "http").withPeriodSeconds(10).withFailureThreshold(3).build())
        .withResources(appResources(model))
        .withVolumeMounts(mount("config", "/etc/anemometer"))
        .build();
  }

  static EnvVar javaOptions(StackModel model) {
    return env("JAVA_OPTS", ContainerConfigs.jvmOptions(model));
  }

  /** The app tier's fixed, modest CPU limit makes it the bottleneck the benchmark measures. */
  static ResourceRequirements appResources(StackModel model) {
    return resources("2", "2", model.appMemoryMegabytes());
  }

  static List<HasMetadata> haproxy(StackModel model) {
    Container container =
        proxy("haproxy", "haproxy:2.8")
            .withVolumeMounts(mount("config", "/usr/local/etc/haproxy"))
            .build();
    Volume config = configMapVolume("config", "haproxy-config");
    return proxyTier(
        TierLabels.of("lb", model),
        model.lbReplicas(),
        PodSecurity.HAPROXY_USER,
        container,
        config);
  }

  static List<HasMetadata> nginx(StackModel model) {
    Container container =
        proxy("nginx", "nginx:1.27")
            // The rendered nginx.conf says 'daemon off;' itself; the image's default adds it.
            .withCommand("nginx")
            .withVolumeMounts(
                new VolumeMountBuilder(mount("config", "/etc/nginx/nginx.conf"))
                    .withSubPath("nginx.conf")
                    .build(),
                mount("static", "/usr/share/nginx/html"))
            .build();
    Volume staticFiles =
        new VolumeBuilder()
            .withName("static")
            .withNewConfigMap()
            .withName("web-static")
            .withItems(
                item("index.html", "index.html"),
                item("auction.css", "static/auction.css"),
                item("logo.svg", "static/logo.svg"))
            .endConfigMap()
            .build();
    Volume config = configMapVolume("config", "nginx-config");
    return proxyTier(
        TierLabels.of("web", model),
        model.webReplicas(),
        PodSecurity.NGINX_USER,
        container,
        config,
        staticFiles);
  }

  private static KeyToPath item(String key, String path) {
    KeyToPath item = new KeyToPath();
    item.setKey(key);
    item.setPath(path);
    return item;
  }

  /** nginx and HAProxy alike: ready when the port accepts connections, room to spare. */
  private static ContainerBuilder proxy(String name, String image) {
    return Containers.serving(name, image, "http", HTTP_PORT)
        .withReadinessProbe(tcp("http").withPeriodSeconds(5).build())
        .withLivenessProbe(tcp("http").withPeriodSeconds(10).build())
        .withResources(resources("500m", "2", 256));
  }

  private static List<HasMetadata> proxyTier(
      TierLabels labels, int replicas, long user, Container container, Volume... volumes) {
    String name = container.getName();
    PodSpec pod =
        PodSecurity.restricted(
            new PodSpecBuilder().withContainers(container).withVolumes(volumes).build(), user);
    return List.of(
        deployment(name, labels, replicas, pod), service(name, labels, HTTP_PORT, false));
  }
}
