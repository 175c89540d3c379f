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
 * A request must arrive whole within {@code deadline} of its first byte: a client that sends half a
 * request, or one byte now and then, is answered 408 and cut off. A connection kept open between
 * requests holds no thread, so it may idle longer before it is closed; longer than the clients'
 * pauses between calls, so that a call rarely meets a connection just being closed. First in the
 * pipeline, so that it sees raw bytes arrive.
 */
final class RequestDeadline extends ChannelInboundHandlerAdapter {

  private final long deadlineNanos;
  private final long idleNanos;
  private ScheduledFuture<?> timer;
  private boolean inRequest;
  private boolean awaitingAnswer;

  RequestDeadline(Duration deadline, Duration idleTimeout) {
    this.deadlineNanos = deadline.toNanos();
    this.idleNanos = idleTimeout.toNanos();
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    arm(ctx, idleNanos);
    super.channelActive(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
    if (!inRequest && !awaitingAnswer) {
      inRequest = true;
      arm(ctx, deadlineNanos);
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
    inRequest = false;
    awaitingAnswer = true;
  }

  /** The answer went out on a connection kept open: it may idle until the next request. */
  void answered(ChannelHandlerContext ctx) {
    awaitingAnswer = false;
    arm(ctx, idleNanos);
  }

  private void arm(ChannelHandlerContext ctx, long nanos) {
    cancel();
    timer = ctx.executor().schedule(() -> expire(ctx), nanos, TimeUnit.NANOSECONDS);
  }

  private void cancel() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
  }

  private void expire(ChannelHandlerContext ctx) {
    timer = null;
    if (!inRequest) {
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
