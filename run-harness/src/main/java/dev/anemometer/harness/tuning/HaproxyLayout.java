package dev.anemometer.harness.tuning;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;

/**
 * Where one HAProxy instance listens, its runtime API socket, and the app servers behind it.
 *
 * @param serverSlots servers in the backend: the app servers, then disabled slots that elasticity
 *     points at new app servers and enables through the runtime API
 */
public record HaproxyLayout(
    String instanceName,
    int listenPort,
    List<InetSocketAddress> appServers,
    Path pidFile,
    Path statsSocket,
    int serverSlots) {

  /** Where an unused slot points until elasticity gives it an app server (never contacted). */
  public static final String PLACEHOLDER = "127.0.0.1:9";

  public HaproxyLayout(
      String instanceName,
      int listenPort,
      List<InetSocketAddress> appServers,
      Path pidFile,
      Path statsSocket) {
    this(instanceName, listenPort, appServers, pidFile, statsSocket, appServers.size());
  }

  /** The name of app server {@code index} in the backend, as the runtime API addresses it. */
  public static String serverName(int index) {
    return "app" + index;
  }
}
