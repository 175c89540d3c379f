package dev.anemometer.driver.api;

import dev.anemometer.driver.control.WorkerClient;
import java.net.URI;
import java.util.Objects;

/**
 * A worker JVM ({@code anemometer-driver worker}) that a run controls.
 *
 * @param name how errors name it ({@code driver worker 2 (127.0.0.1:40123, pid 4711)}), so that a
 *     run broken off by it says which one
 * @param base its control API, {@code http://host:port}
 * @param token the bearer token it was started with; empty when it was started without one
 */
public record Worker(String name, URI base, String token) {

  public Worker {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(base, "base");
    token = token == null ? "" : token;
  }

  /**
   * A worker at {@code host:port} (or a URL), named by its address.
   *
   * @throws IllegalArgumentException naming the address when it is none
   */
  public static Worker at(String hostAndPort, String token) {
    URI base = WorkerClient.baseOf(hostAndPort);
    return new Worker("worker " + base, base, token);
  }

  /** The same worker under another name. */
  public Worker named(String newName) {
    return new Worker(newName, base, token);
  }
}
