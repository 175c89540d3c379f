package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.elasticity.ChangeSteps;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.UnsupportedFaultException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * Faults on one Compose project, each on one container found by Compose's labels: {@code docker
 * kill --signal KILL} (an app container stays dead, HAProxy routes around it; nginx, HAProxy and
 * PostgreSQL are started again at once, as their supervisor would), {@code docker restart}, and
 * {@code docker pause}/{@code unpause} (the cgroup freezer: a stalled VM).
 */
final class ComposeFaults implements FaultTarget {

  /** Seconds {@code docker restart} gives a container to stop cleanly before it kills it. */
  static final int STOP_GRACE_SECONDS = 30;

  private final ComposeDeployment deployment;
  private final ComposeDeployment.Project project;
  private final Function<String, OptionalInt> appInFlight;

  /**
   * @param appInFlight what HAProxy has in flight on an app container, by its id ({@link
   *     ComposeAppTier#inFlight})
   */
  ComposeFaults(
      ComposeDeployment deployment,
      ComposeDeployment.Project project,
      Function<String, OptionalInt> appInFlight) {
    this.deployment = deployment;
    this.project = project;
    this.appInFlight = appInFlight;
  }

  @Override
  public void kill(TierName tier, int instance, ChangeSteps steps) {
    String id = container(tier, instance);
    Map<String, Object> killed = new LinkedHashMap<>();
    killed.put("container", id);
    if (tier == TierName.APP) {
      try {
        appInFlight.apply(id).ifPresent(n -> killed.put(ChangeSteps.IN_FLIGHT, n));
      } catch (TierStartException e) {
        // the runtime API did not answer: the kill goes on, without the figure
        killed.put("inFlightUnknown", e.getMessage());
      }
    }
    deployment
        .plannedEnds()
        .ofContainer(
            id,
            () -> {
              deployment.onContainer(project.appInstanceIndex(), "kill", "--signal", "KILL", id);
              steps.step("killed", killed);
              if (tier != TierName.APP) {
                deployment.onContainer(project.appInstanceIndex(), "start", id);
                steps.step("started", Map.of("container", id));
              }
              return null;
            });
  }

  @Override
  public void restart(TierName tier, int instance, ChangeSteps steps) {
    String id = container(tier, instance);
    steps.step("stopping", Map.of("container", id));
    deployment
        .plannedEnds()
        .ofContainer(
            id,
            () -> {
              deployment.onContainer(
                  project.appInstanceIndex(),
                  "restart",
                  "--time",
                  Integer.toString(STOP_GRACE_SECONDS),
                  id);
              return null;
            });
    steps.step("started", Map.of("container", id));
  }

  @Override
  public void pause(TierName tier, int instance, Duration duration, ChangeSteps steps)
      throws InterruptedException {
    String id = container(tier, instance);
    deployment.onContainer(project.appInstanceIndex(), "pause", id);
    steps.step("paused", Map.of("container", id));
    try {
      // As long as configured, unless the load ends first (the runner interrupts it then).
      Thread.sleep(duration.toMillis());
    } finally {
      // Unpaused even from an interrupted thread: a frozen container would hang what comes next.
      boolean interrupted = Thread.interrupted();
      try {
        deployment.onContainer(project.appInstanceIndex(), "unpause", id);
        steps.step("resumed", Map.of("container", id));
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  private String container(TierName tier, int instance) {
    return deployment.containerId(project.appInstanceIndex(), service(tier), instance);
  }

  private String service(TierName tier) {
    return switch (tier) {
      case APP -> "app";
      case DB -> "postgres";
      case LB -> {
        if (!project.model().hasLb()) {
          throw new UnsupportedFaultException("lb: this project has no HAProxy");
        }
        yield "haproxy";
      }
      case WEB -> "nginx";
    };
  }
}
