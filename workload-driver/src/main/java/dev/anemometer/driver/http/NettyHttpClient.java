package dev.anemometer.driver.http;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The Netty implementation of {@link HttpClient}: a fixed set of event loops over which sessions
 * are spread round-robin, each session then living on its loop for good.
 */
public final class NettyHttpClient implements HttpClient, MonitoredExecutors {

  private final HttpClientConfig config;
  private final Transport transport;
  private final EventLoopGroup group;
  private final Set<HttpSession> sessions = ConcurrentHashMap.newKeySet();

  /** A client with {@link HttpClientConfig#defaults()}. */
  public NettyHttpClient() {
    this(HttpClientConfig.defaults());
  }

  public NettyHttpClient(HttpClientConfig config) {
    this(config, Transport.best());
  }

  NettyHttpClient(HttpClientConfig config, Transport transport) {
    this.config = config;
    this.transport = transport;
    this.group =
        new MultiThreadIoEventLoopGroup(
            config.eventLoops(),
            new DefaultThreadFactory("anemometer-http", true),
            transport.ioHandlerFactory());
  }

  /** "io_uring", "epoll" or "nio". */
  public String transportName() {
    return transport.name();
  }

  @Override
  public HttpSession newSession(URI target, int maxConnections) {
    if (maxConnections < 1) {
      throw new IllegalArgumentException(
          "maxConnections must be at least 1, got " + maxConnections);
    }
    InetSocketAddress address = addressOf(target);
    String hostHeader = target.getHost() + (target.getPort() == -1 ? "" : ":" + target.getPort());
    NettySession session =
        new NettySession(
            group.next(), transport, config, address, hostHeader, maxConnections, sessions::remove);
    sessions.add(session);
    return session;
  }

  /** The event loops themselves: a probe task running late there means users' timers run late. */
  @Override
  public List<ScheduledExecutorService> executorsToMonitor() {
    List<ScheduledExecutorService> loops = new ArrayList<>();
    group.forEach(loops::add);
    return loops;
  }

  @Override
  public void close() {
    for (HttpSession session : List.copyOf(sessions)) {
      session.close();
    }
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private static InetSocketAddress addressOf(URI target) {
    if (!"http".equalsIgnoreCase(target.getScheme()) || target.getHost() == null) {
      throw new IllegalArgumentException("target must be http://host[:port], got " + target);
    }
    int port = target.getPort() == -1 ? 80 : target.getPort();
    // Resolved once here, so no connect ever blocks an event loop on a name lookup.
    InetSocketAddress address = new InetSocketAddress(target.getHost(), port);
    if (address.isUnresolved()) {
      throw new IllegalArgumentException("cannot resolve host of " + target);
    }
    return address;
  }
}
