package dev.anemometer.driver.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

/**
 * One simulated user's connections to one target, pinned to one event loop: every field is touched
 * only on that loop, so nothing here needs a lock.
 */
final class NettySession implements HttpSession, ConnectionOwner {

  private final EventLoop eventLoop;
  private final Bootstrap bootstrap;
  private final int maxConnections;
  private final RequestEncoder encoder;
  private final Credentials credentials = new Credentials();
  private final Consumer<HttpSession> onClose;
  private final List<ConnectionHandler> connections = new ArrayList<>();
  private final ArrayDeque<ConnectionHandler> idle = new ArrayDeque<>();
  private final ArrayDeque<Exchange> waiting = new ArrayDeque<>();
  private int connecting;
  private boolean closed;

  NettySession(
      EventLoop eventLoop,
      Transport transport,
      HttpClientConfig config,
      InetSocketAddress target,
      String hostHeader,
      int maxConnections,
      Consumer<HttpSession> onClose) {
    this.eventLoop = eventLoop;
    this.maxConnections = maxConnections;
    this.onClose = onClose;
    this.encoder = new RequestEncoder(hostHeader);
    long readTimeoutNanos = config.readTimeout().toNanos();
    int maxResponseBytes = config.maxResponseBytes();
    this.bootstrap =
        new Bootstrap()
            .group(eventLoop)
            .channel(transport.channelType())
            .option(io.netty.channel.ChannelOption.TCP_NODELAY, true)
            .option(
                io.netty.channel.ChannelOption.CONNECT_TIMEOUT_MILLIS,
                (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()))
            .remoteAddress(target)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel channel) {
                    channel
                        .pipeline()
                        .addLast(
                            new ConnectionHandler(
                                NettySession.this, readTimeoutNanos, maxResponseBytes));
                  }
                });
  }

  @Override
  public CompletionStage<HttpResponse> send(HttpRequest request) {
    Exchange exchange = new Exchange(request, nowNanos());
    if (eventLoop.inEventLoop()) {
      dispatch(exchange);
    } else {
      try {
        eventLoop.execute(() -> dispatch(exchange));
      } catch (RejectedExecutionException stopped) {
        exchange.fail(FailureReason.CLIENT_CLOSED, nowNanos());
      }
    }
    return exchange.future();
  }

  @Override
  public void bearerToken(String token) {
    if (token != null) {
      Credentials.requireHeaderSafe(token, "bearer token");
    }
    onLoop(() -> credentials.bearerToken(token));
  }

  @Override
  public void clearCredentials() {
    onLoop(credentials::clear);
  }

  @Override
  public ScheduledExecutorService executor() {
    return eventLoop;
  }

  @Override
  public void close() {
    onLoop(this::closeOnLoop);
  }

  @Override
  public void connectionFree(ConnectionHandler connection) {
    if (closed) {
      connection.failAndClose(FailureReason.CLIENT_CLOSED);
      return;
    }
    Exchange next = waiting.poll();
    if (next != null) {
      start(connection, next);
    } else {
      idle.addLast(connection);
    }
  }

  @Override
  public void connectionClosed(ConnectionHandler connection) {
    connections.remove(connection);
    idle.remove(connection);
    connectIfNeeded();
  }

  /** A retried exchange goes first: it has waited once already. */
  @Override
  public void retry(Exchange exchange) {
    dispatch(exchange, true);
  }

  @Override
  public void cookieReceived(String setCookieHeader) {
    credentials.cookieReceived(setCookieHeader);
  }

  private void dispatch(Exchange exchange) {
    dispatch(exchange, false);
  }

  /** On an idle connection now, else in the queue (at its head when {@code first}). */
  private void dispatch(Exchange exchange, boolean first) {
    if (closed) {
      exchange.fail(FailureReason.CLIENT_CLOSED, nowNanos());
      return;
    }
    ConnectionHandler connection = pollIdle();
    if (connection != null) {
      start(connection, exchange);
      return;
    }
    if (first) {
      waiting.addFirst(exchange);
    } else {
      waiting.addLast(exchange);
    }
    connectIfNeeded();
  }

  private void start(ConnectionHandler connection, Exchange exchange) {
    io.netty.buffer.ByteBuf encoded;
    try {
      encoded = encoder.encode(connection.channel().alloc(), exchange.request(), credentials);
    } catch (IllegalArgumentException badRequest) {
      exchange.fail(FailureReason.PROTOCOL_ERROR, nowNanos());
      connectionFree(connection);
      return;
    }
    connection.send(exchange, encoded);
  }

  private ConnectionHandler pollIdle() {
    ConnectionHandler connection;
    while ((connection = idle.pollLast()) != null) {
      if (connection.isUsable()) {
        return connection;
      }
    }
    return null;
  }

  /** Opens a connection when requests wait that the connections being opened will not serve. */
  private void connectIfNeeded() {
    if (closed
        || waiting.size() <= connecting
        || connections.size() + connecting >= maxConnections) {
      return;
    }
    connecting++;
    // A connect that fails before it has a channel (no descriptor left) completes on Netty's global
    // executor, not on this session's loop: hand its outcome back to the loop that owns the state.
    bootstrap.connect().addListener((ChannelFuture future) -> onLoop(() -> connected(future)));
  }

  private void connected(ChannelFuture future) {
    connecting--;
    if (!future.isSuccess()) {
      Exchange first = waiting.poll();
      if (first != null) {
        first.fail(reasonFor(future.cause()), nowNanos());
      }
      connectIfNeeded();
      return;
    }
    ConnectionHandler connection = future.channel().pipeline().get(ConnectionHandler.class);
    if (connection == null || !connection.isUsable()) {
      connectIfNeeded();
      return;
    }
    connections.add(connection);
    connectionFree(connection);
  }

  private void closeOnLoop() {
    if (closed) {
      return;
    }
    closed = true;
    long now = nowNanos();
    Exchange exchange;
    while ((exchange = waiting.poll()) != null) {
      exchange.fail(FailureReason.CLIENT_CLOSED, now);
    }
    idle.clear();
    for (ConnectionHandler connection : List.copyOf(connections)) {
      connection.failAndClose(FailureReason.CLIENT_CLOSED);
    }
    onClose.accept(this);
  }

  private void onLoop(Runnable task) {
    if (eventLoop.inEventLoop()) {
      task.run();
    } else {
      try {
        eventLoop.execute(task);
      } catch (RejectedExecutionException stopped) {
        // The client is shut down: its connections and credentials are gone already.
      }
    }
  }

  private long nowNanos() {
    return eventLoop.ticker().nanoTime();
  }

  private static FailureReason reasonFor(Throwable cause) {
    if (cause instanceof ConnectTimeoutException) {
      return FailureReason.CONNECT_TIMEOUT;
    }
    if (DescriptorExhaustion.causedBy(cause)) {
      return FailureReason.DRIVER_OUT_OF_FILES;
    }
    // Refused, unreachable or reset while connecting: to the user, all mean "no server there".
    return FailureReason.CONNECT_REFUSED;
  }
}
