package dev.anemometer.driver.http.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small JSON-over-HTTP server behind a bearer token. Non-blocking, so that a client that sends
 * half a request holds no thread; every request has a deadline and a size cap, and must name this
 * node in {@code Host} and come from no other site's page (see {@link RequestOrigin}). Every
 * refusal is one 4xx with a one-line reason naming what was wrong.
 */
public final class JsonServer implements AutoCloseable {

  /** A route's handler: the path's captured groups and the request body in, a JSON body out. */
  @FunctionalInterface
  public interface Handler {
    Object handle(List<String> pathGroups, byte[] body) throws Exception;
  }

  /**
   * @param maxBodyBytes larger bodies are answered 413
   * @param maxHeaderBytes larger request lines or header blocks are answered 400
   * @param requestDeadline how long a request may take to arrive from its first byte (then 408)
   * @param idleTimeout how long a connection may wait for its next request before it is closed
   */
  public record Limits(
      int maxBodyBytes, int maxHeaderBytes, Duration requestDeadline, Duration idleTimeout) {}

  record Route(String method, Pattern path, Handler handler) {}

  /** The body of every error answer. */
  record ErrorBody(String error) {}

  private final List<Route> routes = new ArrayList<>();
  private final InetSocketAddress requested;
  private final String token;
  private final RequestOrigin origin;
  private final Limits limits;
  private final JsonMapper json;
  private EventLoopGroup group;
  private ExecutorService handlers;
  private Channel listener;

  /**
   * @param hostNames names besides loopback and the bound address that {@code Host} may carry; one
   *     with a leading dot stands for its subdomains
   */
  public JsonServer(
      InetSocketAddress address,
      String token,
      Set<String> hostNames,
      Limits limits,
      JsonMapper json) {
    if (token == null || token.isBlank()) {
      throw new IllegalArgumentException("token: required");
    }
    this.requested = address;
    this.token = token;
    this.origin = RequestOrigin.of(address.getAddress(), hostNames);
    this.limits = limits;
    this.json = json;
  }

  public JsonServer route(String method, String pathRegex, Handler handler) {
    routes.add(new Route(method, Pattern.compile(pathRegex), handler));
    return this;
  }

  public JsonServer start() {
    group =
        new MultiThreadIoEventLoopGroup(
            1, daemon("anemometer-control-io"), NioIoHandler.newFactory());
    // Handlers may start or stop a run's users; that work stays off the event loop.
    handlers = Executors.newFixedThreadPool(2, daemon("anemometer-control"));
    JsonDispatcher dispatcher =
        new JsonDispatcher(List.copyOf(routes), token, origin, handlers, json, limits);
    try {
      listener =
          new ServerBootstrap()
              .group(group)
              .channel(NioServerSocketChannel.class)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                      channel
                          .pipeline()
                          .addLast(
                              new RequestDeadline(limits.requestDeadline(), limits.idleTimeout()))
                          .addLast(new HttpServerCodec(4096, limits.maxHeaderBytes(), 8192))
                          .addLast(new HttpObjectAggregator(limits.maxBodyBytes()))
                          .addLast(dispatcher);
                    }
                  })
              .bind(requested)
              .syncUninterruptibly()
              .channel();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    return this;
  }

  public InetSocketAddress address() {
    Channel bound = listener;
    return bound != null ? (InetSocketAddress) bound.localAddress() : requested;
  }

  /**
   * Stops listening, closes every connection and waits for the threads; a second call is a no-op.
   */
  @Override
  public synchronized void close() {
    if (listener != null) {
      listener.close().syncUninterruptibly();
      listener = null;
    }
    if (group != null) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
      group = null;
    }
    if (handlers != null) {
      handlers.shutdownNow();
      try {
        handlers.awaitTermination(1, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      handlers = null;
    }
  }

  private static ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
