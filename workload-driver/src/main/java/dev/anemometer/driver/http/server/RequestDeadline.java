package dev.anemometer.driver.http.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A connection gets {@code deadline} to deliver a whole request, from when it opens or its last
 * answer went out: a client that sends half a request, or one byte now and then, is answered 408
 * and cut off, an idle one just closed. First in the pipeline, so that it sees raw bytes arrive.
 */
final class RequestDeadline extends ChannelInboundHandlerAdapter {

  private final long deadlineNanos;
  private ScheduledFuture<?> timer;
  private boolean bytesSeen;

  RequestDeadline(Duration deadline) {
    this.deadlineNanos = deadline.toNanos();
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    arm(ctx);
    super.channelActive(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
    if (timer != null) {
      bytesSeen = true;
    }
    super.channelRead(ctx, message);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    cancel();
    super.channelInactive(ctx);
  }

  /** The whole request arrived: its handling is not the client's to hurry. */
  void requestReceived() {
    cancel();
  }

  /** The answer went out on a connection kept open: the next request's time starts. */
  void answered(ChannelHandlerContext ctx) {
    arm(ctx);
  }

  private void arm(ChannelHandlerContext ctx) {
    cancel();
    bytesSeen = false;
    timer = ctx.executor().schedule(() -> expire(ctx), deadlineNanos, TimeUnit.NANOSECONDS);
  }

  private void cancel() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
  }

  private void expire(ChannelHandlerContext ctx) {
    timer = null;
    if (!bytesSeen) {
      ctx.close();
      return;
    }
    byte[] body =
        ("{\"error\":\"request not complete within "
                + TimeUnit.NANOSECONDS.toMillis(deadlineNanos)
                + " ms\"}")
            .getBytes(StandardCharsets.UTF_8);
    var response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.REQUEST_TIMEOUT, Unpooled.wrappedBuffer(body));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    ctx.channel().writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
  }
}
