package dev.anemometer.harness.deploy.compose;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The container ends the harness itself causes: a fault's kill or restart of one container, a scale
 * change of a service. Each is a window from the command's start until {@link #SETTLE} after it
 * returned (the engine's event may trail the command); a death inside a container's window was
 * planned, and one inside its service's window was planned if the change removed the container.
 */
final class PlannedEnds {

  /** How long after a command its container's death may still be reported by the engine. */
  static final Duration SETTLE = Duration.ofSeconds(2);

  /** Container IDs as {@code docker ps -q} prints them: their first 12 characters. */
  private static final int SHORT_ID = 12;

  private final Map<String, CompletableFuture<Instant>> containers = new ConcurrentHashMap<>();
  private final Map<String, CompletableFuture<Instant>> services = new ConcurrentHashMap<>();

  /** Runs a command that ends {@code containerId} on purpose (a kill, a restart). */
  <T> T ofContainer(String containerId, Supplier<T> command) {
    return within(containers, shortId(containerId), command);
  }

  /** Runs a change of a service ({@code --scale}) that may remove some of its containers. */
  <T> T ofService(String project, String service, Supplier<T> command) {
    return within(services, project + "/" + service, command);
  }

  /** True if the death of this container, now, is inside a window its own command opened. */
  boolean containerEnd(String containerId) {
    return open(containers, shortId(containerId));
  }

  /**
   * When the service's change (running, or ended within {@link #SETTLE}) ends, if one does; its
   * containers' deaths are judged then, by whether the change removed them.
   */
  Optional<CompletableFuture<Instant>> serviceChange(String project, String service) {
    String key = project + "/" + service;
    return open(services, key) ? Optional.ofNullable(services.get(key)) : Optional.empty();
  }

  private static <T> T within(
      Map<String, CompletableFuture<Instant>> windows, String key, Supplier<T> command) {
    CompletableFuture<Instant> ended = new CompletableFuture<>();
    windows.put(key, ended);
    try {
      return command.get();
    } finally {
      ended.complete(Instant.now());
    }
  }

  private static boolean open(Map<String, CompletableFuture<Instant>> windows, String key) {
    CompletableFuture<Instant> window = windows.get(key);
    if (window == null) {
      return false;
    }
    Instant ended = window.getNow(null);
    if (ended == null || Instant.now().isBefore(ended.plus(SETTLE))) {
      return true;
    }
    windows.remove(key, window);
    return false;
  }

  static String shortId(String containerId) {
    return containerId.length() > SHORT_ID ? containerId.substring(0, SHORT_ID) : containerId;
  }
}
