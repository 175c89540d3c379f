package dev.anemometer.harness.deploy.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Loopback ports: a free one for each tier, and whether one is still taken after a stop. */
public final class Ports {

  public static final String LOOPBACK = "127.0.0.1";

  private Ports() {}

  public static int freeLoopbackPort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }

  public static boolean accepting(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(LOOPBACK, port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public static InetSocketAddress loopback(int port) {
    return InetSocketAddress.createUnresolved(LOOPBACK, port);
  }
}
