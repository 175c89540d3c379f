package dev.anemometer.driver.control;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Requests written byte for byte, as a hostile client would: any Host, any header, half a request.
 * A client library would refuse to send most of them.
 */
final class RawHttp {

  /** What came back: the status, or 0 when the connection closed without an answer. */
  record Answer(int status, String text) {}

  private final InetSocketAddress server;

  RawHttp(InetSocketAddress server) {
    this.server = server;
  }

  /** A request of {@code method path} with {@code headers} (each {@code Name: value}) and body. */
  Answer send(String method, String path, String body, String... headers) throws IOException {
    StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
    for (String header : headers) {
      request.append(header).append("\r\n");
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    request.append("Content-Length: ").append(bytes.length).append("\r\n");
    request.append("Connection: close\r\n\r\n");
    return sendRaw(request + body);
  }

  Answer sendRaw(String raw) throws IOException {
    try (Socket socket = open()) {
      socket.getOutputStream().write(raw.getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      return read(socket, Duration.ofSeconds(5));
    }
  }

  Socket open() throws IOException {
    Socket socket = new Socket();
    socket.connect(server, 2_000);
    return socket;
  }

  /** Reads until the server closes; a server that neither answers nor closes fails the read. */
  static Answer read(Socket socket, Duration within) throws IOException {
    socket.setSoTimeout((int) within.toMillis());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    InputStream in = socket.getInputStream();
    byte[] chunk = new byte[8192];
    try {
      for (int n; (n = in.read(chunk)) >= 0; ) {
        bytes.write(chunk, 0, n);
      }
    } catch (SocketTimeoutException e) {
      throw new IOException("neither an answer nor a close within " + within, e);
    } catch (IOException reset) {
      // A reset after the answer still leaves the answer.
    }
    String text = bytes.toString(StandardCharsets.UTF_8);
    if (!text.startsWith("HTTP/1.1 ")) {
      return new Answer(0, text);
    }
    return new Answer(Integer.parseInt(text.substring(9, 12)), text);
  }
}
