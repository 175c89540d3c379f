package dev.anemometer.harness.deploy.compose;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The Docker Engine API as a test plays it, on a real unix socket: each request gets the answer set
 * for its path (404 otherwise), the events stream stays open and carries what the test sends, and a
 * silent engine accepts connections but never answers.
 */
final class FakeEngine implements AutoCloseable {

  private final Path socket;
  private final ServerSocketChannel server;
  private final Map<String, String> answers = new ConcurrentHashMap<>();
  private final List<SocketChannel> streams = new CopyOnWriteArrayList<>();
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private volatile boolean silent;

  FakeEngine(Path socket) throws IOException {
    this.socket = socket;
    this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    server.bind(UnixDomainSocketAddress.of(socket));
    Thread acceptor = new Thread(this::accept, "fake-engine");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  DockerApi api() {
    return DockerApi.of(Map.of("DOCKER_HOST", "unix://" + socket));
  }

  /**
   * Answers {@code GET path} with this status line ({@code 200 OK}) and body; a path without a
   * query answers every query on it not set on its own.
   */
  FakeEngine answer(String path, String status, String body) {
    answers.put(path, "HTTP/1.0 " + status + "\r\nContent-Type: text/plain\r\n\r\n" + body);
    return this;
  }

  FakeEngine silent() {
    silent = true;
    return this;
  }

  /** Sends one event, as a line of JSON, to every open events stream. */
  void event(String json) throws IOException {
    for (SocketChannel stream : streams) {
      try {
        write(stream, json + "\n");
      } catch (IOException closedByTheWatch) {
        streams.remove(stream);
      }
    }
  }

  List<String> requests() {
    return List.copyOf(requests);
  }

  private void accept() {
    while (server.isOpen()) {
      try {
        SocketChannel client = server.accept();
        String request = readRequestLine(client);
        requests.add(request);
        if (silent) {
          continue;
        }
        String path = request.split(" ")[1];
        if (path.startsWith("/events")) {
          streams.add(client);
          write(client, "HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n");
        } else {
          String answer = answers.get(path);
          if (answer == null && path.contains("?")) {
            answer = answers.get(path.substring(0, path.indexOf('?')));
          }
          write(client, answer != null ? answer : "HTTP/1.0 404 Not Found\r\n\r\nno such");
          client.close();
        }
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private static String readRequestLine(SocketChannel client) throws IOException {
    StringBuilder request = new StringBuilder();
    ByteBuffer one = ByteBuffer.allocate(1);
    while (request.indexOf("\r\n\r\n") < 0 && client.read(one.clear()) > 0) {
      request.append((char) one.get(0));
    }
    return request.substring(0, request.indexOf("\r\n"));
  }

  private static void write(SocketChannel channel, String text) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (SocketChannel stream : streams) {
      stream.close();
    }
  }
}
