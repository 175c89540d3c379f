package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.SecretKeys;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.ComposeFiles;
import dev.anemometer.harness.deploygen.ContainerConfigs;
import dev.anemometer.harness.deploygen.DeployFiles;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code compose} target: one Compose project per app instance, generated into the results
 * directory from the same model as {@code docker/}, brought up without its driver service (the
 * harness drives the load itself, through the published nginx port), scaled with {@code --scale},
 * its logs collected, and removed with its volumes.
 */
public final class ComposeDeployment implements AutoCloseable {

  /** Host port of instance 0's entry; instance i publishes {@code BASE_HTTP_PORT + i}. */
  public static final int BASE_HTTP_PORT = 18080;

  /** Loopback port of instance 0's PostgreSQL (for the bid audit); instance i: {@code + i}. */
  public static final int BASE_DB_PORT = 15432;

  /**
   * The projects' networks: instance i's is {@code 10.213.(80 + i).0/24}. Each project needs its
   * own, since its tiers have fixed addresses on it.
   */
  static final String BASE_SUBNET = "10.213.";

  static final int BASE_SUBNET_OCTET = 80;

  private static final String PASSWORD_KEY = "ANEMOMETER_DB_PASSWORD=";

  /** What a saved secret reads as. */
  static final String MASK = SecretKeys.MASK;

  /** The services the harness starts: everything but the driver. */
  static final List<String> SERVER_SERVICES =
      List.of("postgres", "data-load", "app", "haproxy", "nginx");

  /**
   * @param databasePassword this project's own, written to its {@code .env}
   */
  public record Project(
      int appInstanceIndex,
      String name,
      Path directory,
      StackModel model,
      String databasePassword) {

    Path composeFile() {
      return directory.resolve("compose.yaml");
    }

    /** The URL the harness drives, on this host. */
    public String entryUrl() {
      return "http://127.0.0.1:" + (BASE_HTTP_PORT + appInstanceIndex);
    }

    /** PostgreSQL as published on this host's loopback, for the bid audit. */
    public String jdbcUrl() {
      return "jdbc:postgresql://127.0.0.1:"
          + (BASE_DB_PORT + appInstanceIndex)
          + "/"
          + ContainerConfigs.DATABASE;
    }
  }

  /**
   * How long one engine command on a container may take: {@code docker restart} alone gives the
   * container 30 s to stop cleanly.
   */
  private static final Duration CONTAINER_COMMAND_TIMEOUT = Duration.ofMinutes(2);

  private final ComposeCommand compose;
  private final EngineCli engine;
  private final List<Project> projects;
  private final Path logsDir;
  private final PlannedEnds planned = new PlannedEnds();

  ComposeDeployment(
      ComposeCommand compose, EngineCli engine, List<Project> projects, Path logsDir) {
    this.compose = compose;
    this.engine = engine;
    this.projects = List.copyOf(projects);
    this.logsDir = logsDir;
  }

  /**
   * Writes the projects under {@code <resultsDir>/compose/instance-N/} (so they are kept with the
   * results) and checks for Docker before anything starts.
   *
   * @param repositoryRoot where the Dockerfiles build the images from
   */
  public static ComposeDeployment prepare(
      AnemometerConfig config,
      TuningCalculator tuning,
      Path resultsDir,
      Path repositoryRoot,
      String runName) {
    EngineCli engine = DockerCli.fromEnvironment();
    return prepare(
        config,
        tuning,
        resultsDir,
        repositoryRoot,
        runName,
        ComposeCommand.detect(resultsDir.getParent(), engine),
        engine);
  }

  static ComposeDeployment prepare(
      AnemometerConfig config,
      TuningCalculator tuning,
      Path resultsDir,
      Path repositoryRoot,
      String runName,
      ComposeCommand compose,
      EngineCli engine) {
    List<Project> projects = new ArrayList<>();
    for (int i = 0; i < config.appInstances().size(); i++) {
      StackModel model = StackModel.of(config, i, tuning);
      Path dir = resultsDir.resolve("compose").resolve(model.instanceName());
      DeployFiles.write(
          ComposeFiles.render(
              model, DeployFiles.staticFiles(), repositoryRoot.toAbsolutePath().toString()),
          dir);
      // Compose reads .env beside the file: each instance publishes its own host ports.
      String password = randomPassword();
      DeployFiles.write(
          java.util.Map.of(
              ".env",
              "ANEMOMETER_HTTP_PORT="
                  + (BASE_HTTP_PORT + i)
                  + "\nANEMOMETER_DB_PORT="
                  + (BASE_DB_PORT + i)
                  + "\nANEMOMETER_SUBNET="
                  + BASE_SUBNET
                  + (BASE_SUBNET_OCTET + i)
                  + "\n"
                  + PASSWORD_KEY
                  + password
                  + "\n"),
          dir);
      projects.add(new Project(i, projectName(runName, i), dir, model, password));
    }
    return new ComposeDeployment(compose, engine, projects, resultsDir.resolve("logs"));
  }

  /** The engine the projects run on, as its own CLI reaches it. */
  EngineCli engine() {
    return engine;
  }

  public List<Project> projects() {
    return projects;
  }

  /** Builds the images once, then starts every project's server tiers and waits for them. */
  public void up() {
    for (Project project : projects) {
      List<String> arguments = new ArrayList<>(List.of("up", "-d", "--build"));
      arguments.addAll(services(project));
      compose.run(
          project.name(), project.composeFile(), log(project), arguments.toArray(String[]::new));
    }
  }

  /**
   * Elasticity: {@code up -d --no-deps --no-recreate --scale app=N app}, leaving the other
   * containers alone ({@code --no-deps}: the one-shot data-load must not run again and reset the
   * data mid-run).
   */
  public void scale(int appInstanceIndex, String service, int replicas) {
    Project project = projects.get(appInstanceIndex);
    planned.ofService(
        project.name(),
        service,
        () -> {
          compose.run(
              project.name(),
              project.composeFile(),
              log(project),
              "up",
              "-d",
              "--no-deps",
              "--no-recreate",
              "--scale",
              service + "=" + replicas,
              service);
          return null;
        });
  }

  /** nginx resolves its upstream once: without HAProxy it must reload to see new app containers. */
  void reloadWeb(int appInstanceIndex) {
    Project project = projects.get(appInstanceIndex);
    if (project.model().hasWeb() && !project.model().hasLb()) {
      compose.run(
          project.name(),
          project.composeFile(),
          log(project),
          "exec",
          "-T",
          "nginx",
          "nginx",
          "-s",
          "reload");
    }
  }

  /**
   * The ID of container {@code index} (from 0) of a service, found by Compose's labels, which both
   * Compose v1 and v2 set.
   */
  String containerId(int appInstanceIndex, String service, int index) {
    Project project = projects.get(appInstanceIndex);
    String printed =
        docker(
            log(project),
            "ps",
            "-q",
            "--filter",
            "label=com.docker.compose.project=" + project.name(),
            "--filter",
            "label=com.docker.compose.service=" + service,
            "--filter",
            "label=com.docker.compose.container-number=" + (index + 1));
    return printed
        .lines()
        .map(String::strip)
        .filter(line -> line.matches("[0-9a-f]{12,64}"))
        .findFirst()
        .orElseThrow(
            () ->
                new TierStartException(
                    "no running container "
                        + (index + 1)
                        + " of "
                        + service
                        + " in "
                        + project.name()));
  }

  /** {@code docker <arguments>} on one container, logged with the project's Compose commands. */
  void onContainer(int appInstanceIndex, String... arguments) {
    docker(log(projects.get(appInstanceIndex)), arguments);
  }

  /**
   * {@code docker <arguments>} for HAProxy's runtime API: what it printed, logged apart from the
   * Compose commands (a drain polls it).
   */
  String runtimeApi(int appInstanceIndex, String... arguments) {
    Project project = projects.get(appInstanceIndex);
    return docker(logsDir.resolve(project.name() + "-haproxy-runtime.log"), arguments);
  }

  /**
   * Runs {@code docker <arguments>} through the engine's CLI and returns what it printed; the
   * command and its output are appended to {@code log}, a failure with the CLI's words as well.
   */
  private String docker(Path log, String... arguments) {
    String command = "docker " + String.join(" ", arguments);
    try {
      String printed = engine.run(CONTAINER_COMMAND_TIMEOUT, arguments);
      appendTo(log, command + "\n" + printed);
      return printed;
    } catch (IOException e) {
      TierStartException failed =
          new TierStartException(command + " failed: " + e.getMessage() + "; see " + log, e);
      try {
        appendTo(log, command + "\n" + e.getMessage() + "\n");
      } catch (UncheckedIOException unwritable) {
        failed.addSuppressed(unwritable);
      }
      throw failed;
    }
  }

  private static void appendTo(Path log, String text) {
    try {
      Files.createDirectories(log.toAbsolutePath().getParent());
      Files.writeString(
          log, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + log, e);
    }
  }

  /** The container ends the harness causes, for the tier watch to tell from crashes. */
  PlannedEnds plannedEnds() {
    return planned;
  }

  public void collectLogs() {
    for (Project project : projects) {
      compose.run(
          project.name(),
          project.composeFile(),
          logsDir.resolve(project.name() + "-containers.log"),
          "logs",
          "--no-color",
          "--timestamps");
    }
  }

  /**
   * {@code down -v}: containers, network and the database volume go. Every project is taken down
   * even when one fails; the first failure is passed on.
   */
  @Override
  public void close() {
    RuntimeException first = null;
    for (Project project : projects) {
      try {
        compose.run(
            project.name(), project.composeFile(), log(project), "down", "-v", "--remove-orphans");
      } catch (RuntimeException e) {
        first = first == null ? e : first;
      } finally {
        maskPassword(project);
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private List<String> services(Project project) {
    return SERVER_SERVICES.stream()
        .filter(s -> !s.equals("haproxy") || project.model().hasLb())
        .filter(s -> !s.equals("nginx") || project.model().hasWeb())
        .toList();
  }

  private Path log(Project project) {
    return logsDir.resolve(project.name() + "-compose.log");
  }

  /**
   * Once the project is down its password opens nothing, but the folder stays with the results,
   * which are shared: the {@code .env} keeps the line with the value masked.
   */
  static void maskPassword(Project project) {
    Path env = project.directory().resolve(".env");
    try {
      if (Files.exists(env)) {
        Files.writeString(
            env,
            Files.readString(env)
                .replace(PASSWORD_KEY + project.databasePassword(), PASSWORD_KEY + MASK));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot mask the password in " + env, e);
    }
  }

  private static String randomPassword() {
    byte[] bytes = new byte[12];
    new java.security.SecureRandom().nextBytes(bytes);
    return java.util.HexFormat.of().formatHex(bytes);
  }

  static String projectName(String runName, int index) {
    String name = runName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-");
    return "anemometer-" + name.replaceAll("^-+|-+$", "") + "-" + index;
  }
}
