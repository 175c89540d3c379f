package dev.anemometer.driver.http.server;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.regex.Matcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks each whole request (well formed, this node's name, no other site, the token) and runs its
 * route off the event loop. Every refusal is one 4xx with a one-line reason naming what was wrong.
 */
@ChannelHandler.Sharable
final class JsonDispatcher extends SimpleChannelInboundHandler<FullHttpRequest> {

  private static final Logger log = LoggerFactory.getLogger(JsonDispatcher.class);

  private final List<JsonServer.Route> routes;
  private final byte[] expectedAuthorization;
  private final RequestOrigin origin;
  private final Executor handlers;
  private final JsonMapper json;
  private final JsonServer.Limits limits;

  JsonDispatcher(
      List<JsonServer.Route> routes,
      String token,
      RequestOrigin origin,
      Executor handlers,
      JsonMapper json,
      JsonServer.Limits limits) {
    this.routes = routes;
    this.expectedAuthorization = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    this.origin = origin;
    this.handlers = handlers;
    this.json = json;
    this.limits = limits;
  }

  private record Reply(HttpResponseStatus status, Object body) {

    static Reply error(HttpResponseStatus status, String message) {
      return new Reply(status, new JsonServer.ErrorBody(message));
    }
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    ctx.pipeline().get(RequestDeadline.class).requestReceived();
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    if (!request.decoderResult().isSuccess()) {
      send(ctx, Reply.error(HttpResponseStatus.BAD_REQUEST, malformed(request)), false);
      return;
    }
    String refusal =
        origin.refusal(
            request.headers().get(HttpHeaderNames.HOST),
            request.headers().get(HttpHeaderNames.ORIGIN),
            request.headers().get("Sec-Fetch-Site"));
    if (refusal != null) {
      send(ctx, Reply.error(HttpResponseStatus.FORBIDDEN, refusal), false);
      return;
    }
    if (!authorized(request.headers().get(HttpHeaderNames.AUTHORIZATION))) {
      send(
          ctx,
          Reply.error(
              HttpResponseStatus.UNAUTHORIZED, "Authorization: missing or wrong bearer token"),
          keepAlive);
      return;
    }
    String method = request.method().name();
    String path = new QueryStringDecoder(request.uri()).path();
    Reply noRoute =
        Reply.error(
            HttpResponseStatus.NOT_FOUND,
            "no route " + method + " " + RequestOrigin.printable(path));
    for (JsonServer.Route route : routes) {
      Matcher matcher = route.path().matcher(path);
      if (!matcher.matches()) {
        continue;
      }
      if (route.method().equals(method)) {
        byte[] body = ByteBufUtil.getBytes(request.content());
        List<String> groups = groups(matcher);
        try {
          handlers.execute(() -> send(ctx, run(route, groups, body, method, path), keepAlive));
        } catch (RejectedExecutionException stopping) {
          send(ctx, Reply.error(HttpResponseStatus.SERVICE_UNAVAILABLE, "stopping"), false);
        }
        return;
      }
      noRoute =
          Reply.error(
              HttpResponseStatus.METHOD_NOT_ALLOWED,
              "no route " + method + " " + RequestOrigin.printable(path));
    }
    send(ctx, noRoute, keepAlive);
  }

  private static Reply run(
      JsonServer.Route route, List<String> groups, byte[] body, String method, String path) {
    try {
      return new Reply(HttpResponseStatus.OK, route.handler().handle(groups, body));
    } catch (JacksonException e) {
      return Reply.error(HttpResponseStatus.BAD_REQUEST, jsonProblem(e));
    } catch (IllegalArgumentException e) {
      return Reply.error(HttpResponseStatus.BAD_REQUEST, firstLine(e.getMessage()));
    } catch (IllegalStateException e) {
      return Reply.error(HttpResponseStatus.CONFLICT, firstLine(e.getMessage()));
    } catch (Exception e) {
      log.warn("Control request {} {} failed", method, path, e);
      return Reply.error(
          HttpResponseStatus.INTERNAL_SERVER_ERROR, "internal error; see the node's log");
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // A reset by the peer or a broken frame: nothing more to answer on this connection.
    log.debug("Control connection failed", cause);
    ctx.close();
  }

  private boolean authorized(String given) {
    return given != null
        && MessageDigest.isEqual(expectedAuthorization, given.getBytes(StandardCharsets.UTF_8));
  }

  private static List<String> groups(Matcher matcher) {
    List<String> groups = new ArrayList<>();
    for (int i = 1; i <= matcher.groupCount(); i++) {
      groups.add(matcher.group(i));
    }
    return groups;
  }

  private String malformed(FullHttpRequest request) {
    Throwable cause = request.decoderResult().cause();
    String what = cause == null ? "" : cause.getClass().getSimpleName();
    return what.startsWith("TooLong")
        ? "request line or headers longer than " + limits.maxHeaderBytes() + " bytes"
        : "malformed HTTP request";
  }

  /** {@code targets[0].users.target: <reason>}: the field, never the parser's paragraph. */
  private static String jsonProblem(JacksonException e) {
    StringBuilder path = new StringBuilder();
    for (JacksonException.Reference reference : e.getPath()) {
      if (reference.getPropertyName() != null) {
        path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    String message = firstLine(e.getOriginalMessage());
    int detail = message.indexOf(" at [");
    message = detail < 0 ? message : message.substring(0, detail);
    return (path.isEmpty() ? "body" : path.toString()) + ": " + RequestOrigin.printable(message);
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "bad request";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  private void send(ChannelHandlerContext ctx, Reply reply, boolean keepAlive) {
    byte[] bytes = json.writeValueAsBytes(reply.body());
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, reply.status(), Unpooled.wrappedBuffer(bytes));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
    if (!keepAlive) {
      response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    }
    ctx.writeAndFlush(response)
        .addListener(
            future -> {
              if (!keepAlive || !future.isSuccess()) {
                ctx.close();
              } else {
                ctx.pipeline().get(RequestDeadline.class).answered(ctx);
              }
            });
  }
}
