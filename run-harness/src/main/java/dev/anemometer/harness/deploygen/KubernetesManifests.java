package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.Labels.all;
import static dev.anemometer.harness.deploygen.Labels.selector;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Kubernetes objects of one app instance, one file per tier. Requests and limits follow
 * Weathervane: the app tier gets a fixed, modest CPU limit so that it is the bottleneck the
 * benchmark measures, while the proxies, the database and the driver get room to spare.
 */
public final class KubernetesManifests {

  public static final String APP_IMAGE = "anemometer/auction-app:0.1.0";
  public static final String DRIVER_IMAGE = "anemometer/workload-driver:0.1.0";

  /** The development values of the secret; the harness and real clusters replace them. */
  static final String DEFAULT_SECRET = "anemometer";

  private KubernetesManifests() {}

  /** Everything but the tier configurations, keyed by file name, in the order to apply them. */
  public static Map<String, String> workloads(StackModel model) {
    return workloads(model, DEFAULT_SECRET, DEFAULT_SECRET);
  }

  /** The workloads with a run's own database password and driver token. */
  public static Map<String, String> workloads(
      StackModel model, String dbPassword, String driverToken) {
    String instance = model.instanceName();
    Map<String, String> files = new LinkedHashMap<>();
    files.put("secret.yaml", secret(instance, dbPassword, driverToken));
    files.put("postgres.yaml", Tiers.postgres(model));
    files.put("data-load.yaml", Tiers.dataLoad(model));
    files.put("app.yaml", Tiers.app(model));
    if (model.hasLb()) {
      files.put("haproxy.yaml", Tiers.haproxy(model));
    }
    if (model.hasWeb()) {
      files.put("nginx.yaml", Tiers.nginx(model));
    }
    files.put("driver.yaml", Driver.manifests(model));
    return files;
  }

  /** The ConfigMaps holding the rendered tier configurations and the home page. */
  public static String configMaps(StackModel model, Map<String, String> staticFiles) {
    String instance = model.instanceName();
    StringBuilder yaml = new StringBuilder();
    yaml.append(
        configMap(
            "postgres-config",
            "db",
            instance,
            Map.of("postgresql.conf", ContainerConfigs.postgres(model))));
    yaml.append(
        configMap(
            "app-config",
            "app",
            instance,
            Map.of("app.properties", ContainerConfigs.appProperties(model))));
    if (model.hasLb()) {
      yaml.append(
          configMap(
              "haproxy-config",
              "lb",
              instance,
              Map.of("haproxy.cfg", ContainerConfigs.haproxy(model, "app-pods"))));
    }
    if (model.hasWeb()) {
      yaml.append(
          configMap(
              "nginx-config",
              "web",
              instance,
              Map.of("nginx.conf", ContainerConfigs.nginx(model, "app"))));
      yaml.append(configMap("web-static", "web", instance, staticFiles));
    }
    return yaml.toString();
  }

  static String secret(String instance, String dbPassword, String driverToken) {
    return """
        apiVersion: v1
        kind: Secret
        metadata:
          name: anemometer-secrets
          labels:
        %s\
        type: Opaque
        stringData:
          db-password: %s
          driver-token: %s
        """
        .formatted(all("secrets", instance, 4), dbPassword, driverToken);
  }

  static String configMap(String name, String tier, String instance, Map<String, String> data) {
    StringBuilder yaml =
        new StringBuilder("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ")
            .append(name)
            .append("\n  labels:\n")
            .append(all(tier, instance, 4))
            .append("data:\n");
    new java.util.TreeMap<>(data)
        .forEach(
            (key, text) -> {
              yaml.append("  ").append(key).append(": |\n");
              text.lines()
                  .forEach(line -> yaml.append(line.isEmpty() ? "" : "    " + line).append('\n'));
            });
    return yaml.toString();
  }

  static String resources(String cpuRequest, String cpuLimit, long memoryMegabytes, int indent) {
    String pad = " ".repeat(indent);
    return pad
        + "resources:\n"
        + pad
        + "  requests: {cpu: \""
        + cpuRequest
        + "\", memory: "
        + memoryMegabytes
        + "Mi}\n"
        + pad
        + "  limits: {cpu: \""
        + cpuLimit
        + "\", memory: "
        + memoryMegabytes
        + "Mi}\n";
  }

  static String service(String name, String tier, String instance, int port, boolean headless) {
    return """
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: %s
          labels:
        %s\
        spec:
        %s\
          selector:
        %s\
          ports:
            - {name: main, port: %d, targetPort: %d}
        """
        .formatted(
            name,
            all(tier, instance, 4),
            headless ? "  clusterIP: None\n" : "",
            selector(tier, instance, 4),
            port,
            port);
  }
}
