package dev.anemometer.harness.deploy.compose;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The Docker Engine API where Compose finds it: {@code DOCKER_HOST} ({@code unix://} or {@code
 * tcp://}), else {@code /var/run/docker.sock}. The engine's CLI is no proof that this API answers
 * (podman's {@code docker info} works without its API service), so the harness asks the API itself.
 * Requests are HTTP/1.0: the engine then ends every response by closing the connection instead of
 * chunking it, which is all a ping, an inspect and the events stream need.
 */
public final class DockerApi {

  static final String DEFAULT_SOCKET = "/var/run/docker.sock";

  /** A local engine accepts at once; a remote one that has not within this is unreachable. */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** Closes the connections of requests that outlive their timeout. */
  private static final ScheduledExecutorService WATCHDOG =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "anemometer-docker-api-timeouts");
            thread.setDaemon(true);
            return thread;
          });

  /** An answer of the engine: its HTTP status and body. */
  record Response(int status, String body) {}

  private final String host;
  // Empty when DOCKER_HOST names a transport this class cannot speak (ssh://, TLS).
  private final Optional<SocketAddress> address;

  private DockerApi(String host, Optional<SocketAddress> address) {
    this.host = host;
    this.address = address;
  }

  /** The engine of this process's environment. */
  public static DockerApi fromEnvironment() {
    return of(System.getenv());
  }

  /** The engine {@code DOCKER_HOST} of {@code environment} names, else the default socket. */
  public static DockerApi of(Map<String, String> environment) {
    String host = environment.getOrDefault("DOCKER_HOST", "");
    if (host.isBlank()) {
      host = "unix://" + DEFAULT_SOCKET;
    }
    boolean tls = !environment.getOrDefault("DOCKER_TLS_VERIFY", "").isEmpty();
    if (host.startsWith("unix://")) {
      return new DockerApi(
          host, Optional.of(UnixDomainSocketAddress.of(host.substring("unix://".length()))));
    }
    if (host.startsWith("tcp://") && !tls) {
      URI uri = URI.create(host);
      if (uri.getHost() != null && uri.getPort() > 0) {
        return new DockerApi(
            host, Optional.of(InetSocketAddress.createUnresolved(uri.getHost(), uri.getPort())));
      }
    }
    return new DockerApi(host, Optional.empty());
  }

  /** Where the engine is expected, as {@code DOCKER_HOST} would say it. */
  public String host() {
    return host;
  }

  /** False when the harness cannot speak to this engine itself (an ssh or TLS DOCKER_HOST). */
  public boolean reachableDirectly() {
    return address.isPresent();
  }

  /**
   * {@code GET /_ping}: empty when the engine answers {@code OK}, else why not, in a few words
   * ({@code connect: No such file or directory}).
   */
  public Optional<String> ping(Duration timeout) {
    if (address.isEmpty()) {
      return Optional.of("cannot probe " + host + " (only unix:// and plain tcp:// are probed)");
    }
    try {
      Response response = get("/_ping", timeout);
      if (response.status() == 200 && response.body().strip().equals("OK")) {
        return Optional.empty();
      }
      return Optional.of(
          "GET /_ping answered " + response.status() + " " + response.body().strip());
    } catch (IOException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }

  /**
   * One request, its whole answer; the connection is closed after {@code timeout}. The caller's
   * thread reads (no pool: a busy common pool must not starve a ping), a watchdog closes.
   */
  Response get(String path, Duration timeout) throws IOException {
    SocketChannel channel = open(path);
    // Set before the close: the reader can see its read fail before the watchdog's task returns,
    // so the future's isDone() would still be false then.
    AtomicBoolean timedOut = new AtomicBoolean();
    ScheduledFuture<?> watchdog =
        WATCHDOG.schedule(
            () -> {
              timedOut.set(true);
              closeQuietly(channel);
            },
            timeout.toMillis(),
            TimeUnit.MILLISECONDS);
    try (InputStream in = Channels.newInputStream(channel)) {
      int status = readStatusAndHeaders(in);
      return new Response(status, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      if (timedOut.get()) {
        throw new IOException("no answer to GET " + path + " within " + timeout.toMillis() + " ms");
      }
      throw e;
    } finally {
      watchdog.cancel(false);
      closeQuietly(channel);
    }
  }

  private static void closeQuietly(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // closing: nothing left to do
    }
  }

  /**
   * A streamed answer (the events endpoint): its body until the engine or {@link InputStream#close}
   * ends it; closing the stream from another thread unblocks a read.
   */
  InputStream stream(String path) throws IOException {
    SocketChannel channel = open(path);
    InputStream in = Channels.newInputStream(channel);
    try {
      int status = readStatusAndHeaders(in);
      if (status != 200) {
        throw new IOException(
            "GET " + path + " answered " + status + " " + new String(in.readAllBytes()).strip());
      }
      return in;
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  private SocketChannel open(String path) throws IOException {
    if (address.isEmpty()) {
      throw new IOException("cannot reach " + host + " directly");
    }
    SocketAddress target = address.get();
    if (target instanceof InetSocketAddress inet && inet.isUnresolved()) {
      target = new InetSocketAddress(inet.getHostString(), inet.getPort());
    }
    SocketChannel channel = connect(target, CONNECT_TIMEOUT);
    try {
      String request = "GET " + path + " HTTP/1.0\r\nHost: docker\r\n\r\n";
      ByteBuffer bytes = ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII));
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      return channel;
    } catch (IOException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * A connection within {@code timeout}: a blocking connect to a TCP {@code DOCKER_HOST} that drops
   * packets waits for the kernel's SYN retries, minutes, with no way to interrupt it.
   */
  static SocketChannel connect(SocketAddress target, Duration timeout) throws IOException {
    SocketChannel channel =
        target instanceof UnixDomainSocketAddress
            ? SocketChannel.open(StandardProtocolFamily.UNIX)
            : SocketChannel.open();
    try (Selector selector = Selector.open()) {
      channel.configureBlocking(false);
      if (!channel.connect(target)) {
        channel.register(selector, SelectionKey.OP_CONNECT);
        if (selector.select(timeout.toMillis()) == 0) {
          throw new IOException(
              "connect: no connection to " + target + " within " + timeout.toMillis() + " ms");
        }
        channel.finishConnect();
      }
    } catch (IOException e) {
      channel.close();
      throw e.getMessage() != null && e.getMessage().startsWith("connect: ")
          ? e
          : new IOException("connect: " + e.getMessage(), e);
    }
    // the selector is closed, so the channel is registered nowhere and may block again
    channel.configureBlocking(true);
    return channel;
  }

  /** Reads the status line and the headers; returns the status code. */
  private static int readStatusAndHeaders(InputStream in) throws IOException {
    String statusLine = readLine(in);
    String[] parts = statusLine.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
      throw new IOException("not an HTTP answer: " + statusLine);
    }
    while (!readLine(in).isEmpty()) {
      // headers: the body ends when the engine closes the connection
    }
    try {
      return Integer.parseInt(parts[1]);
    } catch (NumberFormatException e) {
      throw new IOException("not an HTTP answer: " + statusLine);
    }
  }

  private static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("the engine closed the connection");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.ISO_8859_1);
  }
}
