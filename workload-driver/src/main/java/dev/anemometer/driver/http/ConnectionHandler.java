package dev.anemometer.driver.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The last handler of a connection's pipeline: carries one {@link Exchange} at a time, assembles
 * its response from the decoder's pieces and reports every way it can fail through {@link
 * #failAndClose}.
 *
 * <p>The read timeout is checked by one lazily re-armed timer per connection instead of one
 * scheduled task per request: with keep-alive, most requests finish long before the timer fires, so
 * the timer only wakes up once per timeout period and re-arms for the current deadline.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter {

  private final ConnectionOwner owner;
  private final long readTimeoutNanos;
  private final int maxResponseBytes;
  private final Runnable timeoutCheck = this::checkTimeout;
  private ChannelHandlerContext ctx;
  private Exchange current;
  private boolean keepAlive;
  private boolean closed;
  private boolean reused;
  private boolean responseStarted;
  private ScheduledFuture<?> timer;

  ConnectionHandler(ConnectionOwner owner, long readTimeoutNanos, int maxResponseBytes) {
    this.owner = owner;
    this.readTimeoutNanos = readTimeoutNanos;
    this.maxResponseBytes = maxResponseBytes;
  }

  Channel channel() {
    return ctx.channel();
  }

  boolean isUsable() {
    return !closed && ctx != null && ctx.channel().isActive();
  }

  /** Writes an encoded request; the connection must be free. Call on the event loop. */
  void send(Exchange exchange, ByteBuf encodedRequest) {
    current = exchange;
    responseStarted = false;
    exchange.written(nowNanos(), readTimeoutNanos);
    if (timer == null) {
      timer = ctx.executor().schedule(timeoutCheck, readTimeoutNanos, TimeUnit.NANOSECONDS);
    }
    // A void promise: a write failure surfaces in exceptionCaught, without a listener per request.
    ctx.writeAndFlush(encodedRequest, ctx.voidPromise());
  }

  /** Fails the exchange in flight, if any, with {@code reason} and closes the connection. */
  void failAndClose(FailureReason reason) {
    Exchange exchange = current;
    current = null;
    closed = true;
    // Closed before the caller hears of the failure, so its next request cannot pick this channel.
    ctx.close();
    if (exchange != null) {
      abandon(exchange, reason);
    }
  }

  private void abandon(Exchange exchange, FailureReason reason) {
    if (reason == FailureReason.CONNECTION_CLOSED
        && reused
        && !responseStarted
        && exchange.retryOnce()) {
      owner.retry(exchange);
    } else {
      exchange.fail(reason, nowNanos());
    }
  }

  @Override
  public void handlerAdded(ChannelHandlerContext context) {
    this.ctx = context;
  }

  @Override
  public void channelRead(ChannelHandlerContext context, Object msg) {
    responseStarted = true;
    try {
      if (msg instanceof DecoderResultProvider provider && provider.decoderResult().isFailure()) {
        failAndClose(reasonFor(provider.decoderResult()));
        return;
      }
      if (msg instanceof io.netty.handler.codec.http.HttpResponse head && !onHead(head)) {
        return;
      }
      if (msg instanceof HttpContent content) {
        onContent(content);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext context) {
    closed = true;
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
    Exchange exchange = current;
    current = null;
    owner.connectionClosed(this);
    if (exchange != null) {
      abandon(exchange, FailureReason.CONNECTION_CLOSED);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
    failAndClose(
        cause instanceof IOException
            ? FailureReason.CONNECTION_CLOSED
            : FailureReason.PROTOCOL_ERROR);
  }

  private boolean onHead(io.netty.handler.codec.http.HttpResponse head) {
    Exchange exchange = current;
    if (exchange == null) {
      // A response nobody asked for: the connection's framing can no longer be trusted.
      failAndClose(FailureReason.PROTOCOL_ERROR);
      return false;
    }
    HttpHeaders headers = head.headers();
    long contentLength = HttpUtil.getContentLength(head, -1L);
    if (contentLength > maxResponseBytes) {
      failAndClose(FailureReason.PROTOCOL_ERROR);
      return false;
    }
    keepAlive = HttpUtil.isKeepAlive(head);
    if (headers.contains(HttpHeaderNames.SET_COOKIE)) {
      for (String value : headers.getAll(HttpHeaderNames.SET_COOKIE)) {
        owner.cookieReceived(value);
      }
    }
    exchange.head(head.status().code(), headers.get(HttpHeaderNames.CONTENT_TYPE), contentLength);
    return true;
  }

  private void onContent(HttpContent content) {
    Exchange exchange = current;
    if (exchange == null) {
      return;
    }
    if (!exchange.append(content.content(), maxResponseBytes)) {
      failAndClose(FailureReason.PROTOCOL_ERROR);
      return;
    }
    if (content instanceof LastHttpContent) {
      current = null;
      reused = true;
      if (keepAlive) {
        owner.connectionFree(this);
      } else {
        closed = true;
        ctx.close();
      }
      exchange.succeed(nowNanos());
    }
  }

  private void checkTimeout() {
    timer = null;
    Exchange exchange = current;
    if (exchange == null || closed) {
      return;
    }
    long remainingNanos = exchange.deadlineNanos() - nowNanos();
    if (remainingNanos > 0) {
      timer = ctx.executor().schedule(timeoutCheck, remainingNanos, TimeUnit.NANOSECONDS);
    } else {
      failAndClose(FailureReason.READ_TIMEOUT);
    }
  }

  private long nowNanos() {
    return ctx.executor().ticker().nanoTime();
  }

  private static FailureReason reasonFor(DecoderResult result) {
    return result.cause() instanceof PrematureChannelClosureException
        ? FailureReason.CONNECTION_CLOSED
        : FailureReason.PROTOCOL_ERROR;
  }
}
