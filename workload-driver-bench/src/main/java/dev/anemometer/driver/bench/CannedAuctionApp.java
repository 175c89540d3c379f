package dev.anemometer.driver.bench;

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
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for the auction app that answers every request of the default behaviour at once with a
 * small canned body in the app's shapes, so that the bench measures the driver's own CPU per
 * simulated user and nothing of a real server. Long polls answer with a new bid after 1 to 4 s, as
 * in a busy live auction.
 *
 * <p>Usage: {@code CannedAuctionApp <port>}; runs until killed.
 */
public final class CannedAuctionApp {

  private static final Pattern ROUTE =
      Pattern.compile(
          "/api/(login|logout|users|auctions|items)(?:/(\\d+))?(?:/([a-z-]+))?(?:/(\\d+))?(?:/([a-z-]+))?.*");

  private static final long POLL_MIN_MILLIS = 5_000;
  private static final long POLL_MAX_MILLIS = 10_000;

  private CannedAuctionApp() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 1) {
      System.err.println("usage: CannedAuctionApp <port>");
      System.exit(2);
    }
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel channel) {
                    channel
                        .pipeline()
                        .addLast(
                            new HttpServerCodec(), new HttpObjectAggregator(1 << 20), new Routes());
                  }
                })
            .bind("127.0.0.1", Integer.parseInt(args[0]))
            .sync()
            .channel();
    System.out.println("canned auction app on " + server.localAddress());
    server.closeFuture().sync();
  }

  /** Bid ids, as the app's, so that the driver's recording of acknowledged bids is measured. */
  private static final AtomicLong BID_IDS = new AtomicLong();

  private static final class Routes extends SimpleChannelInboundHandler<FullHttpRequest> {

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      String uri = request.uri();
      String path = uri.indexOf('?') < 0 ? uri : uri.substring(0, uri.indexOf('?'));
      String method = request.method().name();
      if (path.endsWith("/next-bid")) {
        long after = afterOf(uri);
        ctx.executor()
            .schedule(
                () -> ctx.writeAndFlush(json(200, highBid(after + 1))),
                ThreadLocalRandom.current().nextLong(POLL_MIN_MILLIS, POLL_MAX_MILLIS),
                TimeUnit.MILLISECONDS);
        return;
      }
      ctx.writeAndFlush(answer(method, path, request));
    }

    private static FullHttpResponse answer(String method, String path, FullHttpRequest request) {
      if (path.equals("/")) {
        return body(
            200,
            "text/html",
            "<html><link href=\"/css/app.css\"><script src=\"/js/app.js\"></script></html>");
      }
      if (path.startsWith("/css/") || path.startsWith("/js/")) {
        return body(200, "text/plain", "x");
      }
      Matcher m = ROUTE.matcher(path);
      if (!m.matches()) {
        return json(404, "{}");
      }
      String id = m.group(2);
      String sub = m.group(3) == null ? "" : m.group(3);
      String tail = m.group(5) == null ? "" : m.group(5);
      return switch (method + " " + m.group(1) + " " + sub + " " + tail) {
        case "POST login  " -> login(request);
        case "POST logout  " -> json(204, "");
        case "GET users  " -> json(200, "{\"id\":" + id + ",\"firstName\":\"Ann\"}");
        case "PUT users  " -> json(200, "{}");
        case "GET users bids ", "GET users attendance " -> json(200, page("{\"id\":1}", 1));
        case "GET users purchases " ->
            json(200, page("{\"itemId\":201,\"imageIds\":[3]},{\"itemId\":202}", 2));
        case "GET auctions live " -> json(200, page("{\"id\":1},{\"id\":2},{\"id\":3}", 3));
        case "GET auctions  " -> json(200, "{\"id\":" + id + ",\"name\":\"A\"}");
        case "GET auctions items " ->
            json(200, page("{\"id\":101,\"imageIds\":[7,8]},{\"id\":102,\"imageIds\":[9]}", 2));
        case "POST auctions attendance " -> json(201, "");
        case "DELETE auctions attendance " -> json(204, "");
        case "GET auctions current-item " -> json(200, currentItem(id));
        case "POST auctions items bids" ->
            json(
                201,
                "{\"bidId\":"
                    + BID_IDS.incrementAndGet()
                    + ",\"outcome\":\"ACCEPTED_HIGH\",\"highBid\":"
                    + highBid(4)
                    + "}");
        case "GET items  " -> json(200, "{\"id\":" + id + ",\"imageIds\":[7,8,9]}");
        case "GET items images " -> body(200, "image/jpeg", "jpeg");
        case "POST items  " -> json(201, "{\"id\":555}");
        case "POST items images " -> json(201, "");
        default -> json(404, "{}");
      };
    }

    private static FullHttpResponse login(FullHttpRequest request) {
      String body = request.content().toString(StandardCharsets.UTF_8);
      Matcher account = Pattern.compile("user(\\d+)@auction.test").matcher(body);
      if (!account.find()) {
        return json(401, "{}");
      }
      String n = account.group(1);
      return json(200, "{\"userId\":" + n + ",\"token\":\"t" + n + "\"}");
    }

    private static long afterOf(String uri) {
      Matcher after = Pattern.compile("after=(\\d+)").matcher(uri);
      return after.find() ? Long.parseLong(after.group(1)) : 0;
    }

    private static String currentItem(String auctionId) {
      return "{\"id\":"
          + Long.parseLong(auctionId) * 100
          + ",\"auctionId\":"
          + auctionId
          + ",\"imageIds\":[5],\"startingBid\":10.00,\"highBid\":"
          + highBid(3)
          + "}";
    }

    private static String highBid(long bidCount) {
      return "{\"amount\":20.00,\"bidCount\":" + bidCount + ",\"state\":\"OPEN\",\"bidderId\":999}";
    }

    private static String page(String items, int total) {
      return "{\"page\":0,\"size\":5,\"total\":" + total + ",\"items\":[" + items + "]}";
    }

    private static FullHttpResponse json(int status, String body) {
      return body(status, "application/json", body);
    }

    private static FullHttpResponse body(int status, String contentType, String body) {
      FullHttpResponse response =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1,
              HttpResponseStatus.valueOf(status),
              Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
      response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
      response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
      return response;
    }
  }
}
