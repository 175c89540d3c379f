package dev.anemometer.driver.control;

import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.stats.IntervalStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A worker: runs the users of its slice of each target as the controller says, and hands over what
 * it measured as encoded histograms. It keeps no load path of its own.
 */
public final class WorkerNode implements AutoCloseable {

  private final Supplier<LocalLoadGenerator> generators;
  private LocalLoadGenerator generator;
  private final Map<String, Integer> users = new LinkedHashMap<>();

  public WorkerNode(Supplier<LocalLoadGenerator> generators) {
    this.generators = generators;
  }

  /** Registers the worker's routes on {@code server}. */
  public ControlServer serveOn(ControlServer server) {
    return server
        .route("GET", "/v1/status", (groups, body) -> status())
        .route(
            "POST",
            "/v1/run",
            (groups, body) ->
                configure(ControlServer.JSON.readValue(body, WireFormat.ConfigureRequest.class)))
        .route(
            "PUT",
            "/v1/targets/([^/]+)/users",
            (groups, body) ->
                setUsers(
                    groups.get(0),
                    ControlServer.JSON.readValue(body, WireFormat.UsersRequest.class).users()))
        .route("POST", "/v1/intervals", (groups, body) -> takeIntervals())
        .route("POST", "/v1/stop", (groups, body) -> stop());
  }

  synchronized WireFormat.StatusResponse status() {
    return new WireFormat.StatusResponse("worker", generator != null, Map.copyOf(users));
  }

  synchronized WireFormat.StatusResponse configure(WireFormat.ConfigureRequest request) {
    if (generator != null) {
      throw new IllegalStateException("a run is configured already; stop it first");
    }
    if (request.targets() == null || request.targets().isEmpty()) {
      throw new IllegalArgumentException("targets: must list at least one target");
    }
    List<TargetSpec> targets = new ArrayList<>();
    for (WireFormat.WorkerTarget target : request.targets()) {
      if (target.users() == null || target.users().target() == null) {
        throw new IllegalArgumentException("targets[" + target.id() + "].users.target: missing");
      }
      // Workers follow the controller's user counts; their load path is never consulted.
      targets.add(new TargetSpec(target.id(), target.users(), null));
      users.put(target.id(), 0);
    }
    generator = generators.get();
    generator.start(targets);
    return status();
  }

  synchronized WireFormat.StatusResponse setUsers(String targetId, int count) {
    if (count < 0) {
      throw new IllegalArgumentException("users: must be >= 0, was " + count);
    }
    requireRunning().setActiveUsers(targetId, count);
    users.put(targetId, count);
    return status();
  }

  synchronized WireFormat.IntervalsResponse takeIntervals() {
    Map<String, WireFormat.EncodedInterval> encoded = new LinkedHashMap<>();
    for (Map.Entry<String, IntervalStats> entry : requireRunning().takeIntervals().entrySet()) {
      encoded.put(entry.getKey(), WireFormat.encode(entry.getValue()));
    }
    return new WireFormat.IntervalsResponse(encoded);
  }

  synchronized WireFormat.StatusResponse stop() {
    if (generator != null) {
      generator.close();
      generator = null;
      users.clear();
    }
    return status();
  }

  @Override
  public void close() {
    stop();
  }

  private LocalLoadGenerator requireRunning() {
    if (generator == null) {
      throw new IllegalStateException("no run configured");
    }
    return generator;
  }
}
