package dev.anemometer.harness.deploy.local;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * HAProxy's runtime API over its admin socket: how elasticity drains, disables and enables app
 * servers without a reload ({@code set server app_servers/app1 state drain}).
 */
public final class HaproxyRuntimeApi {

  public static final String BACKEND = "app_servers";

  /**
   * HAProxy answers its runtime API in microseconds; a wait this long means it is stopped (paused
   * by a fault, or hung), and elasticity must fail rather than wait with it.
   */
  static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);

  private final Path socket;
  private final Duration answerTimeout;

  public HaproxyRuntimeApi(Path socket) {
    this(socket, ANSWER_TIMEOUT);
  }

  HaproxyRuntimeApi(Path socket, Duration answerTimeout) {
    this.socket = socket;
    this.answerTimeout = answerTimeout;
  }

  /** Sends one command and returns HAProxy's whole answer, within the answer timeout. */
  public String command(String command) throws IOException {
    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        Selector selector = Selector.open()) {
      channel.connect(UnixDomainSocketAddress.of(socket));
      channel.configureBlocking(false);
      long deadline = System.nanoTime() + answerTimeout.toNanos();
      ByteBuffer request = ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.UTF_8));
      channel.register(selector, SelectionKey.OP_WRITE);
      while (request.hasRemaining()) {
        await(selector, deadline, command);
        channel.write(request);
      }
      channel.register(selector, SelectionKey.OP_READ);
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      ByteBuffer buffer = ByteBuffer.allocate(8192);
      while (true) {
        await(selector, deadline, command);
        if (channel.read(buffer) < 0) {
          return answer.toString(StandardCharsets.UTF_8);
        }
        buffer.flip();
        answer.write(buffer.array(), 0, buffer.limit());
        buffer.clear();
      }
    }
  }

  private void await(Selector selector, long deadlineNanos, String command) throws IOException {
    while (true) {
      long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
      if (leftMillis > 0 && selector.select(leftMillis) > 0) {
        selector.selectedKeys().clear();
        return;
      }
      if (leftMillis <= 0) {
        throw timedOut(command);
      }
    }
  }

  private IOException timedOut(String command) {
    return new IOException(
        "HAProxy runtime API ("
            + socket
            + ") did not answer '"
            + command
            + "' within "
            + answerTimeout.toMillis()
            + " ms");
  }

  /** The operational status (UP, DOWN, MAINT, DRAIN…) of one server of the app backend. */
  public String serverStatus(String server) throws IOException {
    for (String line : command("show stat").split("\n")) {
      String[] fields = line.split(",", -1);
      if (fields.length > 17 && fields[0].equals(BACKEND) && fields[1].equals(server)) {
        return fields[17];
      }
    }
    return "ABSENT";
  }

  /** {@code ready}, {@code drain} or {@code maint}. */
  public void setServerState(String server, String state) throws IOException {
    String answer = command("set server " + BACKEND + "/" + server + " state " + state);
    if (!answer.isBlank()) {
      throw new IOException(
          "HAProxy refused state " + state + " for " + server + ": " + answer.trim());
    }
  }

  /**
   * Sessions the server holds now (the {@code scur} column of {@code show stat}): in-flight
   * requests and parked long polls; -1 when the server is not in the backend.
   */
  public int currentSessions(String server) throws IOException {
    for (String line : command("show stat").split("\n")) {
      String[] fields = line.split(",", -1);
      if (fields.length > 4 && fields[0].equals(BACKEND) && fields[1].equals(server)) {
        return fields[4].isEmpty() ? 0 : Integer.parseInt(fields[4]);
      }
    }
    return -1;
  }

  /** Points a server slot at another address, as a new app server joins. */
  public void setServerAddress(String server, String host, int port) throws IOException {
    String answer =
        command("set server " + BACKEND + "/" + server + " addr " + host + " port " + port);
    if (!answer.contains("changed") && !answer.contains("no need to change")) {
      throw new IOException("HAProxy refused the address of " + server + ": " + answer.trim());
    }
  }
}
