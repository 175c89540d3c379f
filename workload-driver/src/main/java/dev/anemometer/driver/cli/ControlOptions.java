package dev.anemometer.driver.cli;

import dev.anemometer.driver.control.ControlServer;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** Where a node's control API listens, and its shared token. */
final class ControlOptions {

  @Option(
      names = "--bind",
      defaultValue = "127.0.0.1",
      description =
          "Address of the control API (default ${DEFAULT-VALUE}); any other needs --token.")
  String bind;

  @Option(
      names = "--token",
      description =
          "Shared bearer token of the control API (env ANEMOMETER_DRIVER_TOKEN); on loopback,"
              + " without one, a token is made up and printed at start.",
      defaultValue = "${env:ANEMOMETER_DRIVER_TOKEN}")
  String token;

  @Option(
      names = "--allow-host",
      split = ",",
      description =
          "Further names clients reach this node by, accepted in the Host header besides loopback"
              + " and the bound address (a guard against DNS rebinding); .domain stands for its"
              + " subdomains.")
  List<String> allowedHosts = new ArrayList<>();

  /** Binds the control API; a token made up for want of one is printed on one line. */
  ControlServer bind(int port, PrintStream out) throws IOException {
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (IOException e) {
      throw new IllegalArgumentException("--bind: unknown address '" + bind + "'");
    }
    ControlServer server =
        ControlServer.bind(new InetSocketAddress(address, port), token, Set.copyOf(allowedHosts));
    if (server.tokenGenerated()) {
      out.println("control API token (made up, none given): " + server.token());
    }
    return server;
  }
}
