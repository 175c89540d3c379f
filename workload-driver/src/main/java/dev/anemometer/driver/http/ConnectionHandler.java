package dev.anemometer.driver.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The one handler of a connection's pipeline: carries one {@link Exchange} at a time, parses its
 * response with a {@link ResponseParser} straight from the socket's buffers and reports every way
 * it can fail through {@link #failAndClose}.
 *
 * <p>The read timeout is checked by one lazily re-armed timer per connection instead of one
 * scheduled task per request: with keep-alive, most requests finish long before the timer fires, so
 * the timer only wakes up once per timeout period and re-arms for the current deadline.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter
    implements ResponseParser.Listener {

  private final ConnectionOwner owner;
  private final long readTimeoutNanos;
  private final int maxResponseBytes;
  private final ResponseParser parser = new ResponseParser();
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

  @Override
  public void handlerAdded(ChannelHandlerContext context) {
    this.ctx = context;
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext context) {
    parser.release();
  }

  @Override
  public void channelRead(ChannelHandlerContext context, Object msg) {
    try {
      if (!(msg instanceof ByteBuf bytes) || closed) {
        return;
      }
      responseStarted = true;
      if (parser.feed(bytes, this) == ResponseParser.Outcome.MALFORMED) {
        failAndClose(FailureReason.PROTOCOL_ERROR);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext context) {
    parser.endOfInput(this);
    closed = true;
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
    Exchange exchange = current;
    current = null;
    parser.release();
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

  @Override
  public void setCookie(String headerValue) {
    owner.cookieReceived(headerValue);
  }

  @Override
  public boolean head(int status, String contentType, long contentLength, boolean keepAlive) {
    Exchange exchange = current;
    if (exchange == null || contentLength > maxResponseBytes) {
      // With no exchange, a response nobody asked for: the framing can no longer be trusted.
      failAndClose(FailureReason.PROTOCOL_ERROR);
      return false;
    }
    this.keepAlive = keepAlive;
    exchange.head(status, contentType, contentLength);
    return true;
  }

  @Override
  public boolean body(ByteBuf bytes) {
    Exchange exchange = current;
    if (exchange == null || !exchange.append(bytes, maxResponseBytes)) {
      failAndClose(FailureReason.PROTOCOL_ERROR);
      return false;
    }
    return true;
  }

  @Override
  public void end() {
    Exchange exchange = current;
    if (exchange == null) {
      return;
    }
    current = null;
    reused = true;
    if (keepAlive && !closed) {
      owner.connectionFree(this);
    } else if (!closed) {
      closed = true;
      ctx.close();
    }
    exchange.succeed(nowNanos());
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
}
