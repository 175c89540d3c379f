package dev.anemometer.harness.tuning;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;

/** Where one HAProxy instance listens, its runtime API socket, and the app servers behind it. */
public record HaproxyLayout(
    String instanceName,
    int listenPort,
    List<InetSocketAddress> appServers,
    Path pidFile,
    Path statsSocket) {

  /** The name of app server {@code index} in the backend, as the runtime API addresses it. */
  public static String serverName(int index) {
    return "app" + index;
  }
}
