package dev.anemometer.driver.cli;

import dev.anemometer.driver.control.ControlServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
      description = "Shared bearer token of the control API (env ANEMOMETER_DRIVER_TOKEN).",
      defaultValue = "${env:ANEMOMETER_DRIVER_TOKEN}")
  String token;

  ControlServer bind(int port) throws IOException {
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (IOException e) {
      throw new IllegalArgumentException("--bind: unknown address '" + bind + "'");
    }
    return ControlServer.bind(new InetSocketAddress(address, port), token);
  }
}
