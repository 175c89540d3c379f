package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.http.NettyHttpClient;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.stats.HdrOperationRecorder;
import dev.anemometer.driver.stats.OperationStats;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Coordinated omission, end to end: the real client, a real paced user and the real recorder
 * against a server that stalls for 1 s every 4 s.
 *
 * <p>One user with one connection loads the home page every 20 ms. During a stall exactly one
 * request is on the wire: it alone sees a long wire time, one in about 200 operations, under the 1
 * % that p99 can see. The ~50 operations that fell due during the stall could not even be sent (the
 * user was waiting, as a browser would); afterwards they run back to back, each with a short wire
 * time but a latency counted from when it was due, up to 1 s. About a fifth of all operations are
 * such late ones, so the reported p99 must show the stall while the wire-time p99 must not. A
 * driver that measured from the moment it sent (as wrk did before wrk2) would report the wire p99
 * as its latency and hide the stall.
 */
class StallingServerLatencyTest {

  private static final long STALL_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(4);
  private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final int STALLS = 4;

  @TempDir Path directory;

  @Test
  void reportedLatencyShowsTheStallWhileWireTimeDoesNot() throws Exception {
    StallingServer server = StallingServer.start();
    HdrOperationRecorder recorder = new HdrOperationRecorder(TimeSource.SYSTEM);
    try (NettyHttpClient client = new NettyHttpClient();
        SimulatedUsers users =
            SimulatedUsers.start(
                new UsersConfig(server.uri(), homePageLoop(), 1, 1, 1, 3L),
                client,
                recorder,
                TimeSource.SYSTEM)) {
      users.setActiveUsers(1);

      assertThat(server.stallsOver.await(STALLS * 4 + 60, TimeUnit.SECONDS)).isTrue();
    } finally {
      server.stop();
    }

    OperationStats homePage = recorder.takeInterval().operation(OperationType.HOME_PAGE);
    assertThat(homePage.failureCount()).isZero();
    assertThat(homePage.total()).as("operations").isGreaterThan(400);
    long latencyP99Micros = homePage.latencyMicros().getValueAtPercentile(99);
    long wireP99Micros = homePage.wireMicros().getValueAtPercentile(99);
    assertThat(latencyP99Micros).as("latency p99 µs").isGreaterThanOrEqualTo(500_000);
    assertThat(wireP99Micros).as("wire-time p99 µs").isLessThan(250_000);
  }

  /** A behaviour of one operation, the home page, due every 20 ms exactly. */
  private String homePageLoop() throws IOException {
    Path file = directory.resolve("home-page-loop.yaml");
    Files.writeString(
        file,
        """
        name: home-page-loop
        start: HomePage
        pageSize: 5
        cycleTime: { meanSeconds: 0.02, sdSeconds: 0, minSeconds: 0.02, maxSeconds: 0.02 }
        followers: { maxAuctions: 0 }
        bidding:
          { raiseMean: 0.02, raiseSd: 0.02, raiseMin: 0.005, raiseMax: 0.06, maxPrice: 1000 }
        states:
          HomePage:
            next: [ { to: HomePage } ]
        """);
    return file.toString();
  }

  /**
   * Answers at once, except in the last second of every 4 s, when it holds every answer to the
   * second's end (scheduled on its event loop, no thread blocked). Netty rather than the JDK
   * server, whose separate header and body writes meet Nagle and delayed ACKs: 40 ms per answer,
   * too few operations for a p99 that can tell the one stalled request of a period apart.
   */
  private static final class StallingServer {

    final CountDownLatch stallsOver = new CountDownLatch(STALLS);
    private final long startNanos = System.nanoTime();
    private final EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private long lastStallReleased = -1;
    private Channel channel;

    static StallingServer start() throws InterruptedException {
      StallingServer server = new StallingServer();
      server.channel =
          new ServerBootstrap()
              .group(server.group)
              .channel(NioServerSocketChannel.class)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                      channel
                          .pipeline()
                          .addLast(new HttpServerCodec(), new HttpObjectAggregator(65_536))
                          .addLast(server.new Answering());
                    }
                  })
              .bind("127.0.0.1", 0)
              .sync()
              .channel();
      return server;
    }

    URI uri() {
      int port = ((InetSocketAddress) channel.localAddress()).getPort();
      return URI.create("http://127.0.0.1:" + port + "/");
    }

    void stop() {
      channel.close().syncUninterruptibly();
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private synchronized void released(long period) {
      if (period != lastStallReleased) {
        lastStallReleased = period;
        stallsOver.countDown();
      }
    }

    private final class Answering extends SimpleChannelInboundHandler<FullHttpRequest> {

      @Override
      protected void channelRead0(ChannelHandlerContext context, FullHttpRequest request) {
        long sinceStart = System.nanoTime() - startNanos;
        long period = sinceStart / STALL_PERIOD_NANOS;
        long intoPeriod = sinceStart % STALL_PERIOD_NANOS;
        if (intoPeriod < STALL_PERIOD_NANOS - STALL_NANOS) {
          answer(context);
          return;
        }
        context
            .executor()
            .schedule(
                () -> {
                  released(period);
                  answer(context);
                },
                STALL_PERIOD_NANOS - intoPeriod,
                TimeUnit.NANOSECONDS);
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        // A client that resets its connection at the end of the test: nothing to answer.
        context.close();
      }

      private void answer(ChannelHandlerContext context) {
        byte[] body = "<html><body>home</body></html>".getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/html");
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        context.writeAndFlush(response);
      }
    }
  }
}
