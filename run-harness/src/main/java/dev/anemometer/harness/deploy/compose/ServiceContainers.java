package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The containers of one Compose service as the engine's API describes them: found by Compose's
 * labels, each with its number, state, health and address on the project's network.
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
      String id, int number, boolean running, String health, String address, long pid) {}

  private final DockerApi engine;
  private final String project;
  private final String service;

  ServiceContainers(DockerApi engine, String project, String service) {
    this.engine = engine;
    this.project = project;
    this.service = service;
  }

  /** Every container of the service, running or not, by number. */
  List<Container> list() {
    String filters =
        "{\"label\":[\""
            + ContainerWatch.PROJECT_LABEL
            + "="
            + project
            + "\",\""
            + ContainerWatch.SERVICE_LABEL
            + "="
            + service
            + "\"]}";
    JsonNode listed =
        json(
            "/containers/json?all=true&filters="
                + URLEncoder.encode(filters, StandardCharsets.UTF_8));
    List<Container> containers = new ArrayList<>();
    for (JsonNode summary : listed) {
      containers.add(inspect(summary.path("Id").asString()));
    }
    containers.sort(Comparator.comparingInt(Container::number));
    return containers;
  }

  Container inspect(String id) {
    JsonNode container = json("/containers/" + id + "/json");
    String address = "";
    for (JsonNode network : container.path("NetworkSettings").path("Networks")) {
      if (!network.path("IPAddress").asString("").isEmpty()) {
        address = network.path("IPAddress").asString();
      }
    }
    JsonNode state = container.path("State");
    int number;
    try {
      number =
          Integer.parseInt(
              container.path("Config").path("Labels").path(ContainerWatch.NUMBER_LABEL).asString());
    } catch (NumberFormatException e) {
      number = 0;
    }
    return new Container(
        container.path("Id").asString(id),
        number,
        state.path("Running").asBoolean(false),
        state.path("Health").path("Status").asString(""),
        address,
        state.path("Pid").asLong(0));
  }

  private JsonNode json(String path) {
    try {
      DockerApi.Response response = engine.get(path, TIMEOUT);
      if (response.status() != 200) {
        throw new TierStartException(
            "GET " + path + " answered " + response.status() + ": " + response.body().strip());
      }
      return Json.compact().readTree(response.body());
    } catch (IOException e) {
      throw new TierStartException("GET " + path + ": " + e.getMessage());
    }
  }
}
