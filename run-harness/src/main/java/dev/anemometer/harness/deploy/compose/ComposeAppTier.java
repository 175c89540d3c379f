package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploy.Polling;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploy.compose.HaproxyInContainer.Server;
import dev.anemometer.harness.deploy.compose.ServiceContainers.Container;
import dev.anemometer.harness.deploy.container.ContainerAppTier;
import dev.anemometer.harness.elasticity.ChangeSteps;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The app service of one Compose project, scaled as the local target scales its app servers. Up:
 * {@code --scale} starts the containers, then each is {@code ready} once its health check passes
 * and {@code in-lb} once HAProxy (which finds it through Docker's DNS in a {@code server-template}
 * slot) routes to it. Down: the containers Compose would remove (the highest numbers) are drained
 * in HAProxy through its runtime API, stopped with SIGTERM once their sessions end (the app's
 * graceful shutdown finishes the rest), and removed by {@code --scale}. Without HAProxy nginx is
 * reloaded so that it resolves the service again.
 */
final class ComposeAppTier extends ContainerAppTier {

  static final Duration READY_TIMEOUT = Duration.ofMinutes(5);
  static final Duration IN_LB_TIMEOUT = Duration.ofMinutes(1);
  private static final Duration POLL = Duration.ofMillis(500);

  private final ComposeDeployment deployment;
  private final ComposeDeployment.Project project;
  private final ServiceContainers app;
  private final Optional<HaproxyInContainer> haproxy;
  private final Duration drainTimeout;

  ComposeAppTier(
      ComposeDeployment deployment,
      ComposeDeployment.Project project,
      EngineCli engine,
      Duration drainTimeout) {
    super(project.model());
    this.deployment = deployment;
    this.project = project;
    this.app = new ServiceContainers(engine, project.name(), "app");
    this.haproxy =
        project.model().hasLb()
            ? Optional.of(
                new HaproxyInContainer(
                    deployment,
                    project.appInstanceIndex(),
                    () -> deployment.containerId(project.appInstanceIndex(), "haproxy", 0)))
            : Optional.empty();
    this.drainTimeout = drainTimeout;
  }

  @Override
  public void scaleTo(int target, ChangeSteps steps) throws InterruptedException {
    if (target > instances()) {
      up(target, steps);
    } else if (target < instances()) {
      down(target, steps);
    }
    instancesChangedTo(target);
  }

  private void up(int target, ChangeSteps steps) throws InterruptedException {
    Set<String> before = ids(app.list(), Container::running);
    steps.step("starting", Map.of("instances", instances()));
    deployment.scale(project.appInstanceIndex(), "app", target);
    Set<String> added = ids(app.list(), c -> c.running() && !before.contains(c.id()));
    steps.step("started", Map.of("containers", shortIds(added)));
    await("healthy", added, READY_TIMEOUT, c -> c.health().equals("healthy"));
    steps.step("ready", Map.of("containers", shortIds(added)));
    if (haproxy.isPresent()) {
      await("routed to by HAProxy", added, IN_LB_TIMEOUT, this::routed);
    } else {
      deployment.reloadWeb(project.appInstanceIndex());
    }
    steps.step("in-lb", Map.of("containers", shortIds(added), "instances", target));
  }

  private void down(int target, ChangeSteps steps) throws InterruptedException {
    // Compose removes the containers beyond the target, by number, running or not.
    List<Container> all = app.list();
    List<Container> leaving =
        all.subList(Math.min(target, all.size()), all.size()).stream()
            .filter(Container::running)
            .toList();
    List<String> slots = new ArrayList<>();
    if (haproxy.isPresent()) {
      Set<String> addresses = leaving.stream().map(Container::address).collect(Collectors.toSet());
      for (Server server : haproxy.get().servers()) {
        if (addresses.contains(server.address())) {
          haproxy.get().drain(server.name());
          slots.add(server.name());
        }
      }
    }
    steps.step("draining", Map.of("containers", shortIds(ids(leaving)), "instances", target));
    int left = awaitDrained(slots);
    steps.step("drained", Map.of("sessionsLeft", left));
    for (Container container : leaving) {
      deployment
          .plannedEnds()
          .ofContainer(
              container.id(),
              () -> {
                deployment.onContainer(
                    project.appInstanceIndex(),
                    "stop",
                    "--time",
                    Integer.toString(ComposeFaults.STOP_GRACE_SECONDS),
                    container.id());
                return null;
              });
    }
    deployment.scale(project.appInstanceIndex(), "app", target);
    // A later container resolved into a drained slot must be routed to.
    haproxy.ifPresent(h -> slots.forEach(h::ready));
    deployment.reloadWeb(project.appInstanceIndex());
    steps.step("stopped", Map.of("instances", target));
  }

  /**
   * What HAProxy has in flight on a container now (requests and parked long polls), found by its
   * address among the template's slots; empty without HAProxy or when the container is not listed.
   */
  OptionalInt inFlight(String containerId) {
    if (haproxy.isEmpty()) {
      return OptionalInt.empty();
    }
    Optional<String> address =
        app.list().stream()
            .filter(c -> c.id().startsWith(containerId) || containerId.startsWith(c.id()))
            .map(Container::address)
            .findFirst();
    if (address.isEmpty()) {
      return OptionalInt.empty();
    }
    Map<String, Integer> sessions = haproxy.get().sessions();
    return OptionalInt.of(
        haproxy.get().servers().stream()
            .filter(server -> server.address().equals(address.get()))
            .mapToInt(server -> sessions.getOrDefault(server.name(), 0))
            .sum());
  }

  /** Sessions left on the drained slots once they are all idle or the drain timeout passed. */
  private int awaitDrained(List<String> slots) throws InterruptedException {
    if (slots.isEmpty()) {
      return 0;
    }
    return Polling.until(() -> sessionsOn(slots), left -> left == 0, drainTimeout, POLL);
  }

  private int sessionsOn(List<String> slots) {
    Map<String, Integer> sessions = haproxy.orElseThrow().sessions();
    return slots.stream().mapToInt(s -> sessions.getOrDefault(s, 0)).sum();
  }

  private boolean routed(Container container) {
    return haproxy.orElseThrow().servers().stream()
        .anyMatch(s -> s.address().equals(container.address()) && s.routed());
  }

  /** Polls the engine until every container satisfies {@code condition}, or fails the change. */
  private void await(
      String what, Set<String> containers, Duration timeout, Predicate<Container> condition)
      throws InterruptedException {
    Set<String> waiting = new java.util.HashSet<>(containers);
    Set<String> left =
        Polling.until(
            () -> {
              waiting.removeIf(id -> condition.test(app.inspect(id)));
              return waiting;
            },
            Set::isEmpty,
            timeout,
            POLL);
    if (!left.isEmpty()) {
      throw new TierStartException(
          "app containers "
              + shortIds(waiting)
              + " of "
              + project.name()
              + " not "
              + what
              + " within "
              + timeout.toSeconds()
              + " s");
    }
  }

  private static Set<String> ids(List<Container> containers, Predicate<Container> which) {
    return containers.stream().filter(which).map(Container::id).collect(Collectors.toSet());
  }

  private static Set<String> ids(List<Container> containers) {
    return ids(containers, c -> true);
  }

  private static List<String> shortIds(Set<String> ids) {
    return ids.stream().map(PlannedEnds::shortId).sorted().toList();
  }
}
