package dev.anemometer.harness.deploygen;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The services of one Compose project as data: one map per service, in the order Compose starts
 * them. Every image builds from the one Debian base ({@code ANEMOMETER_BASE_IMAGE}, by default
 * {@code debian:bookworm-slim}), so a compose result runs the tier software of a local one.
 */
final class ComposeServices {

  static final String IMAGE_TAG = "0.1.0";
  static final String BASE_IMAGE = "${ANEMOMETER_BASE_IMAGE:-debian:bookworm-slim}";
  static final String DB_PASSWORD = "${ANEMOMETER_DB_PASSWORD:-anemometer}";

  private final StackModel model;
  private final String buildContext;

  ComposeServices(StackModel model, String buildContext) {
    this.model = model;
    this.buildContext = buildContext;
  }

  /** {@code services:} of compose.yaml: the server tiers, then the driver. */
  Map<String, Object> all() {
    Map<String, Object> services = new LinkedHashMap<>();
    services.put("postgres", postgres());
    services.put("data-load", dataLoad());
    services.put("app", app());
    String entry = "app";
    if (model.hasLb()) {
      services.put("haproxy", haproxy());
      entry = "haproxy";
    }
    if (model.hasWeb()) {
      services.put("nginx", nginx(entry));
      entry = "nginx";
    }
    services.put("driver", driver(entry));
    return services;
  }

  private Map<String, Object> postgres() {
    return built(
        "postgres",
        ordered(
            "command", List.of("-c", "config_file=/etc/postgresql/postgresql.conf"),
            "environment",
                ordered(
                    "POSTGRES_DB", ContainerConfigs.DATABASE,
                    "POSTGRES_USER", ContainerConfigs.DATABASE_USER,
                    "POSTGRES_PASSWORD", DB_PASSWORD),
            "volumes",
                List.of(
                    "./config/postgresql.conf:/etc/postgresql/postgresql.conf:ro",
                    "postgres-data:/var/lib/postgresql/data"),
            "ports",
                List.of("127.0.0.1:${ANEMOMETER_DB_PORT:-15432}:" + ContainerConfigs.POSTGRES_PORT),
            "shm_size", "256m",
            "mem_limit", model.postgresMemoryMegabytes() + "m",
            "healthcheck",
                healthcheck(
                    List.of(
                        "CMD",
                        "pg_isready",
                        "-h",
                        "127.0.0.1",
                        "-U",
                        ContainerConfigs.DATABASE_USER,
                        "-d",
                        ContainerConfigs.DATABASE))));
  }

  private Map<String, Object> dataLoad() {
    Map<String, Object> environment = databaseEnvironment();
    environment.put("MAX_USERS", Integer.toString(model.maxUsers()));
    environment.put("JAVA_OPTS", "-Xmx1g");
    return built(
        "auction-app",
        ordered(
            "entrypoint",
            List.of("sh", "/opt/anemometer/prepare-data.sh"),
            "environment",
            environment,
            "depends_on",
            dependsOn("postgres", "service_healthy"),
            "restart",
            "no"));
  }

  private Map<String, Object> app() {
    Map<String, Object> environment = databaseEnvironment();
    environment.put("JAVA_OPTS", ContainerConfigs.jvmOptions(model));
    environment.put("SPRING_CONFIG_ADDITIONAL_LOCATION", "file:/etc/anemometer/app.properties");
    // The same build as data-load: Compose v2 would otherwise try to pull the image.
    return built(
        "auction-app",
        ordered(
            "environment",
            environment,
            "volumes",
            List.of("./config/app.properties:/etc/anemometer/app.properties:ro"),
            "deploy",
            ordered("replicas", model.appReplicas()),
            "mem_limit",
            model.appMemoryMegabytes() + "m",
            "cpus",
            2,
            "depends_on",
            dependsOn("data-load", "service_completed_successfully")));
  }

  private Map<String, Object> haproxy() {
    return built(
        "haproxy",
        ordered(
            "volumes", List.of("./config/haproxy.cfg:/etc/haproxy/haproxy.cfg:ro"),
            "depends_on", dependsOn("app", "service_healthy")));
  }

  private Map<String, Object> nginx(String upstream) {
    return built(
        "nginx",
        ordered(
            "volumes",
                List.of(
                    "./config/nginx.conf:/etc/nginx/nginx.conf:ro",
                    "./config/html:/usr/share/nginx/html:ro"),
            "ports",
                List.of("127.0.0.1:${ANEMOMETER_HTTP_PORT:-8080}:" + ContainerConfigs.HTTP_PORT),
            "depends_on", dependsOn(upstream, "service_started")));
  }

  private Map<String, Object> driver(String entry) {
    return built(
        "workload-driver",
        ordered(
            "command",
                List.of(
                    "run",
                    "--target",
                    "http://" + entry + ":" + ContainerConfigs.HTTP_PORT,
                    "--users",
                    Integer.toString(model.users()),
                    "--ramp-up",
                    "60s",
                    "--duration",
                    "5m",
                    "--out",
                    "/results"),
            // The engine creates the bind-mounted ./results as root: the image's user could
            // not write into it.
            "user", "0",
            "volumes", List.of("./results:/results"),
            "depends_on", dependsOn(entry, "service_started"),
            "restart", "no"));
  }

  private Map<String, Object> databaseEnvironment() {
    return ordered(
        "SPRING_DATASOURCE_URL",
        ContainerConfigs.jdbcUrl(),
        "SPRING_DATASOURCE_USERNAME",
        ContainerConfigs.DATABASE_USER,
        "SPRING_DATASOURCE_PASSWORD",
        DB_PASSWORD);
  }

  /** A service whose image is built here: {@code build} and {@code image}, then the rest. */
  private Map<String, Object> built(String imageName, Map<String, Object> rest) {
    Map<String, Object> service = ordered("build", build(imageName), "image", image(imageName));
    service.putAll(rest);
    return service;
  }

  private Map<String, Object> build(String name) {
    return ordered(
        "context",
        buildContext,
        "dockerfile",
        "docker/" + name + ".Dockerfile",
        "args",
        ordered("BASE_IMAGE", BASE_IMAGE));
  }

  static String image(String name) {
    return "anemometer/" + name + ":" + IMAGE_TAG;
  }

  private static Map<String, Object> healthcheck(List<String> test) {
    return ordered("test", test, "interval", "5s", "timeout", "3s", "retries", 20);
  }

  private static Map<String, Object> dependsOn(String service, String condition) {
    return ordered(service, ordered("condition", condition));
  }

  /** A map that keeps the order its keys are given in, as the file shows them. */
  static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
