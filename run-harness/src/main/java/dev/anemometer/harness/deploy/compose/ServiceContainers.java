package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The containers of one Compose project, or of one of its services, as the engine describes them:
 * found by Compose's labels, each with its service, number, state, health and address on the
 * project's network. Two engine commands per question, whatever the number of containers.
 */
final class ServiceContainers {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /**
   * @param number Compose's {@code container-number} label
   * @param health {@code healthy}, {@code starting}, {@code unhealthy}, or empty without a check
   * @param address on the project's network; empty when it has none (stopped)
   * @param pid its first process as this host sees it; 0 when it is not running
   */
  record Container(
      String id,
      String service,
      int number,
      boolean running,
      String health,
      String address,
      long pid) {}

  private final EngineCli engine;
  private final String project;
  private final String service;

  /** The containers of {@code service}; every service's when it is empty. */
  ServiceContainers(EngineCli engine, String project, String service) {
    this.engine = engine;
    this.project = project;
    this.service = service;
  }

  /** The containers of every service of {@code project}. */
  static ServiceContainers ofProject(EngineCli engine, String project) {
    return new ServiceContainers(engine, project, "");
  }

  /** Every container, running or not, by service and number. */
  List<Container> list() {
    List<String> command =
        new ArrayList<>(
            List.of(
                "ps",
                "--all",
                "--quiet",
                "--no-trunc",
                "--filter",
                "label=" + ContainerWatch.PROJECT_LABEL + "=" + project));
    if (!service.isEmpty()) {
      command.addAll(List.of("--filter", "label=" + ContainerWatch.SERVICE_LABEL + "=" + service));
    }
    List<String> ids =
        ask(command.toArray(String[]::new)).lines().filter(l -> !l.isBlank()).toList();
    if (ids.isEmpty()) {
      return List.of();
    }
    List<String> inspect = new ArrayList<>(List.of("inspect", "--type", "container"));
    inspect.addAll(ids);
    List<Container> containers = new ArrayList<>();
    for (JsonNode container : json(inspect.toArray(String[]::new))) {
      containers.add(container(container));
    }
    containers.sort(Comparator.comparing(Container::service).thenComparingInt(Container::number));
    return containers;
  }

  Container inspect(String id) {
    JsonNode inspected = json("inspect", "--type", "container", id);
    if (inspected.size() != 1) {
      throw new TierStartException("docker inspect " + id + ": no such container");
    }
    return container(inspected.get(0));
  }

  private static Container container(JsonNode container) {
    String address = "";
    for (JsonNode network : container.path("NetworkSettings").path("Networks")) {
      if (!network.path("IPAddress").asString("").isEmpty()) {
        address = network.path("IPAddress").asString();
      }
    }
    JsonNode state = container.path("State");
    JsonNode labels = container.path("Config").path("Labels");
    int number;
    try {
      number = Integer.parseInt(labels.path(ContainerWatch.NUMBER_LABEL).asString());
    } catch (NumberFormatException e) {
      number = 0;
    }
    return new Container(
        container.path("Id").asString(),
        labels.path(ContainerWatch.SERVICE_LABEL).asString(""),
        number,
        state.path("Running").asBoolean(false),
        state.path("Health").path("Status").asString(""),
        address,
        state.path("Pid").asLong(0));
  }

  private JsonNode json(String... arguments) {
    String answer = ask(arguments);
    try {
      return Json.compact().readTree(answer);
    } catch (JacksonException e) {
      throw new TierStartException(
          "docker " + arguments[0] + " answered what is not JSON: " + e.getOriginalMessage());
    }
  }

  private String ask(String... arguments) {
    try {
      return engine.run(TIMEOUT, arguments);
    } catch (IOException e) {
      throw new TierStartException("docker " + arguments[0] + ": " + e.getMessage());
    }
  }
}
