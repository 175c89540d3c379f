package dev.anemometer.driver.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/** A small real HTTP server on an ephemeral loopback port that counts its connections. */
final class TestServer implements AutoCloseable {

  /** Answers a request now or later, from any thread, through {@link Reply}. */
  interface Route {
    void handle(FullHttpRequest request, Reply reply);
  }

  /** Sends the response of one request. */
  interface Reply {
    void send(FullHttpResponse response);

    default void text(int status, String body) {
      send(response(status, body));
    }
  }

  final AtomicInteger openConnections = new AtomicInteger();
  final AtomicInteger maxOpenConnections = new AtomicInteger();
  final AtomicInteger acceptedConnections = new AtomicInteger();
  private final EventLoopGroup group =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final Channel serverChannel;

  TestServer(Route route) {
    serverChannel =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel channel) {
                    countOpened();
                    channel.closeFuture().addListener(closed -> openConnections.decrementAndGet());
                    channel
                        .pipeline()
                        .addLast(
                            new HttpServerCodec(),
                            new HttpObjectAggregator(1 << 20),
                            new RouteHandler(route));
                  }
                })
            .bind("127.0.0.1", 0)
            .syncUninterruptibly()
            .channel();
  }

  URI uri() {
    return URI.create(
        "http://127.0.0.1:" + ((InetSocketAddress) serverChannel.localAddress()).getPort());
  }

  static FullHttpResponse response(int status, String body) {
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(status),
            Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
    return response;
  }

  @Override
  public void close() {
    serverChannel.close().syncUninterruptibly();
    group.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
  }

  private void countOpened() {
    acceptedConnections.incrementAndGet();
    int open = openConnections.incrementAndGet();
    maxOpenConnections.accumulateAndGet(open, Math::max);
  }

  private static final class RouteHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final Route route;

    RouteHandler(Route route) {
      this.route = route;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      route.handle(request, response -> ctx.writeAndFlush(response));
    }
  }
}
