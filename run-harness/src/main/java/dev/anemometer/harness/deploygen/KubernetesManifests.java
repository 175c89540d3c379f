package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.ContainerConfigs.appProperties;
import static dev.anemometer.harness.deploygen.ContainerConfigs.haproxy;
import static dev.anemometer.harness.deploygen.ContainerConfigs.nginx;
import static dev.anemometer.harness.deploygen.ContainerConfigs.postgres;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes objects of one app instance, one file per tier, as fabric8 model objects: the
 * committed {@code k8s/} files are these objects written as YAML, and the kubernetes target applies
 * them as they are. Requests and limits follow Weathervane: the app tier gets a fixed, modest CPU
 * limit so that it is the bottleneck the benchmark measures, while the proxies, the database and
 * the driver get room to spare.
 */
public final class KubernetesManifests {

  public static final String APP_IMAGE = "anemometer/auction-app:0.1.0";
  public static final String DRIVER_IMAGE = "anemometer/workload-driver:0.1.0";

  private KubernetesManifests() {}

  /**
   * Every object of one instance in the order to apply them: configurations first, then the
   * workloads, with a run's own database password and driver token.
   *
   * @param workerTargets the entry hosts the driver's workers may load
   */
  public static List<HasMetadata> objects(
      StackModel model,
      String dbPassword,
      String driverToken,
      Map<String, String> staticFiles,
      List<String> workerTargets) {
    List<HasMetadata> objects = new ArrayList<>(configMaps(model, staticFiles));
    objects.add(secret(model, dbPassword, driverToken));
    workloads(model, workerTargets).values().forEach(objects::addAll);
    return objects;
  }

  /**
   * Everything but the tier configurations and the Secret, keyed by file name: what {@code
   * k8s/base} holds. The Secret is the user's to create (deploying.md), so that no password or
   * token is ever committed or shared between clusters.
   */
  static Map<String, List<HasMetadata>> workloads(StackModel model) {
    return workloads(model, List.of(model.entryHost()));
  }

  private static Map<String, List<HasMetadata>> workloads(
      StackModel model, List<String> workerTargets) {
    Map<String, List<HasMetadata>> files = new LinkedHashMap<>();
    files.put("postgres.yaml", DatabaseTier.postgres(model));
    files.put("data-load.yaml", List.of(DatabaseTier.dataLoad(model)));
    files.put("app.yaml", HttpTiers.app(model));
    if (model.hasLb()) {
      files.put("haproxy.yaml", HttpTiers.haproxy(model));
    }
    if (model.hasWeb()) {
      files.put("nginx.yaml", HttpTiers.nginx(model));
    }
    files.put("driver.yaml", Driver.manifests(model, workerTargets));
    return files;
  }

  /** The ConfigMaps holding the rendered tier configurations and the home page. */
  static List<ConfigMap> configMaps(StackModel model, Map<String, String> staticFiles) {
    List<ConfigMap> maps = new ArrayList<>();
    maps.add(configMap("postgres-config", "db", model, "postgresql.conf", postgres(model)));
    maps.add(configMap("app-config", "app", model, "app.properties", appProperties(model)));
    if (model.hasLb()) {
      maps.add(configMap("haproxy-config", "lb", model, "haproxy.cfg", haproxy(model, "app-pods")));
    }
    if (model.hasWeb()) {
      maps.add(configMap("nginx-config", "web", model, "nginx.conf", nginx(model, "app")));
      maps.add(Workloads.configMap("web-static", TierLabels.of("web", model), staticFiles));
    }
    return maps;
  }

  private static ConfigMap configMap(
      String name, String tier, StackModel model, String file, String text) {
    return Workloads.configMap(name, TierLabels.of(tier, model), Map.of(file, text));
  }

  private static Secret secret(StackModel model, String dbPassword, String driverToken) {
    return new SecretBuilder()
        .withMetadata(TierLabels.of("secrets", model).metadata(Containers.SECRETS))
        .withType("Opaque")
        .addToStringData("db-password", dbPassword)
        .addToStringData("driver-token", driverToken)
        .build();
  }
}
