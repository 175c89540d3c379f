package dev.anemometer.harness.platform;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The machine's loopback network path in one figure, measured in half a second at the start of a
 * run beside {@link ReferenceSpeed}: round trips of a small HTTP request and its response over one
 * kept-alive TCP connection on 127.0.0.1, client and server one thread each. A web benchmark spends
 * much of its CPU in the kernel's network stack and system calls, where platforms differ more than
 * in plain computation (virtualised system calls, mitigations, a container's network namespace), so
 * two machines of the same CPU speed can still differ here.
 *
 * @param roundTripsPerSecond request-response round trips per second
 * @param score the rate relative to the project's reference machine (1.00)
 */
public record LoopbackSpeed(double roundTripsPerSecond, double score) {

  /**
   * The rate on the reference machine, rounded: a 2-core AMD EPYC virtual machine of the kind of
   * {@link ReferenceSpeed#REFERENCE_OPERATIONS_PER_SECOND}, measured idle on 2026-11-26 (38k round
   * trips/s; its CPU reference speed that day was 0.86, and wrk did 35k requests/s on one nginx
   * worker there). The CPU figure's own machine was not measured on loopback.
   */
  static final double REFERENCE_ROUND_TRIPS_PER_SECOND = 38_000;

  static final byte[] REQUEST =
      "GET /reference HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  static final byte[] RESPONSE =
      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: text/plain\r\n\r\nOK"
          .getBytes(StandardCharsets.US_ASCII);

  /** Warm-up 0.1 s, then 0.5 s measured; empty when loopback cannot be used. */
  public static Optional<LoopbackSpeed> measure() {
    return measure(System::nanoTime, Duration.ofMillis(100), Duration.ofMillis(500));
  }

  static Optional<LoopbackSpeed> measure(LongSupplier nanoTime, Duration warmUp, Duration length) {
    try (ServerSocketChannel server = ServerSocketChannel.open()) {
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      Thread responder = new Thread(() -> respond(server), "anemometer-loopback-reference");
      responder.setDaemon(true);
      responder.start();
      try (SocketChannel client = SocketChannel.open(server.getLocalAddress())) {
        client.setOption(StandardSocketOptions.TCP_NODELAY, true);
        roundTrips(client, nanoTime, warmUp);
        long start = nanoTime.getAsLong();
        long trips = roundTrips(client, nanoTime, length);
        long elapsed = Math.max(1, nanoTime.getAsLong() - start);
        double rate = trips * 1e9 / elapsed;
        return Optional.of(
            new LoopbackSpeed(
                Math.round(rate),
                Math.round(rate / REFERENCE_ROUND_TRIPS_PER_SECOND * 100) / 100.0));
      }
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Round trips until {@code length} has passed; returns how many. */
  private static long roundTrips(SocketChannel client, LongSupplier nanoTime, Duration length)
      throws IOException {
    long deadline = nanoTime.getAsLong() + length.toNanos();
    ByteBuffer request = ByteBuffer.wrap(REQUEST);
    ByteBuffer response = ByteBuffer.allocate(RESPONSE.length);
    long trips = 0;
    do {
      request.rewind();
      writeFully(client, request);
      response.clear();
      if (!readFully(client, response)) {
        throw new IOException("the loopback responder closed the connection");
      }
      trips++;
    } while (nanoTime.getAsLong() < deadline);
    return trips;
  }

  /** Answers every request of the one connection it accepts until the client closes it. */
  private static void respond(ServerSocketChannel server) {
    try (SocketChannel connection = server.accept()) {
      connection.setOption(StandardSocketOptions.TCP_NODELAY, true);
      ByteBuffer request = ByteBuffer.allocate(REQUEST.length);
      ByteBuffer response = ByteBuffer.wrap(RESPONSE);
      while (true) {
        request.clear();
        if (!readFully(connection, request)) {
          return;
        }
        response.rewind();
        writeFully(connection, response);
      }
    } catch (IOException e) {
      // the client went away: the measurement is over
    }
  }

  private static void writeFully(SocketChannel channel, ByteBuffer bytes) throws IOException {
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
  }

  /** False when the peer closed before the buffer was full. */
  private static boolean readFully(SocketChannel channel, ByteBuffer into) throws IOException {
    while (into.hasRemaining()) {
      if (channel.read(into) < 0) {
        return false;
      }
    }
    return true;
  }

  /** {@code 24k round trips/s}. */
  String thousandsPerSecond() {
    return String.format(Locale.ROOT, "%.0fk round trips/s", roundTripsPerSecond / 1e3);
  }
}
