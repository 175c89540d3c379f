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

  /**
   * The first three octets of the project's network, a /24: each project of a run gets its own
   * ({@code .env}); a user whose machine already routes it sets {@code ANEMOMETER_SUBNET}.
   */
  static final String SUBNET = "${ANEMOMETER_SUBNET:-10.213.80}";

  /**
   * The last octets of the tiers that other containers connect to and that a fault starts again. An
   * engine hands a container that is started again a new address (podman: 10.89.0.2 before a kill,
   * 10.89.0.5 after), and nginx resolves its upstream once, at start: a killed HAProxy came back
   * where nginx never looked again. Fixed addresses, at the top of the subnet where the engine's
   * own handing out (from .2 up) does not reach, keep a restarted tier where its clients know it.
   * (nginx keeps an engine-given one: its client is the host, through the published port, whose
   * neighbour table the project cannot tune; a new address is a new entry there.)
   */
  static final int POSTGRES_HOST = 250;

  static final int HAPROXY_HOST = 251;

  /**
   * The neighbour table of a container that connects to a fixed address. podman gives a container
   * that is started again a new MAC address on its old IP, and the kernel keeps sending to the old
   * one until the entry has gone stale and a probe failed: 30 s and more without answer (measured
   * on a podman network: a client reached a restarted server again after ~37 s). Entries confirmed
   * for at most a second, and probed once after a second, cut that to 2-3 s.
   */
  static final Map<String, Object> QUICK_NEIGHBOURS =
      ordered(
          "net.ipv4.neigh.eth0.base_reachable_time_ms", 1000,
          "net.ipv4.neigh.eth0.delay_first_probe_time", 1,
          "net.ipv4.neigh.eth0.retrans_time_ms", 200,
          "net.ipv4.neigh.eth0.ucast_solicit", 1);

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
            "networks", fixedAddress(POSTGRES_HOST),
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
            "sysctls",
            QUICK_NEIGHBOURS,
            "depends_on",
            dependsOn("data-load", "service_completed_successfully")));
  }

  private Map<String, Object> haproxy() {
    return built(
        "haproxy",
        ordered(
            "volumes", List.of("./config/haproxy.cfg:/etc/haproxy/haproxy.cfg:ro"),
            "networks", fixedAddress(HAPROXY_HOST),
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
            "sysctls", QUICK_NEIGHBOURS,
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

  /**
   * {@code networks:} of the project: its own subnet, so that tiers can have fixed addresses. The
   * IPAM option {@code driver} is named as podman reports it, {@code host-local}: docker-compose v1
   * compares the options it finds with the file's and refused every later {@code up} of the project
   * (the app tier's scaling) with "needs to be recreated - IPAM option driver has changed" while
   * the file named none, or named it empty. Not tried on Docker proper (none here): whether its
   * default IPAM driver accepts the option is unverified.
   */
  static Map<String, Object> network() {
    return ordered(
        "default",
        ordered(
            "ipam",
            ordered(
                "options",
                ordered("driver", "host-local"),
                "config",
                List.of(ordered("subnet", SUBNET + ".0/24")))));
  }

  private static Map<String, Object> fixedAddress(int host) {
    return ordered("default", ordered("ipv4_address", SUBNET + "." + host));
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
