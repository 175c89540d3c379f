package dev.anemometer.driver.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ConnectionHandlerTest {

  private static final long READ_TIMEOUT_NANOS = Duration.ofSeconds(10).toNanos();

  private final RecordingOwner owner = new RecordingOwner();
  private ConnectionHandler handler;
  private EmbeddedChannel channel;

  @BeforeEach
  void openChannel() {
    handler = new ConnectionHandler(owner, READ_TIMEOUT_NANOS, 1024);
    channel = new EmbeddedChannel(handler);
    channel.freezeTime();
  }

  @Test
  void assemblesAResponseArrivingInPieces() {
    Exchange exchange = send();
    receive("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nhello");
    assertThat(exchange.future()).isNotDone();

    receive(" world");

    HttpResponse response = done(exchange);
    assertThat(response.failed()).isFalse();
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.contentType()).isEqualTo("text/plain");
    assertThat(new String(response.body(), StandardCharsets.US_ASCII)).isEqualTo("hello world");
    assertThat(owner.freed).containsExactly(handler);
  }

  @Test
  void assemblesAChunkedResponse() {
    Exchange exchange = send();
    receive("HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n");
    receive("4\r\ndefg\r\n0\r\n\r\n");

    HttpResponse response = done(exchange);
    assertThat(response.status()).isEqualTo(201);
    assertThat(new String(response.body(), StandardCharsets.US_ASCII)).isEqualTo("abcdefg");
  }

  @Test
  void keepsTheConnectionForTheNextRequest() {
    Exchange first = send();
    receive("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na");
    Exchange second = send();
    receive("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");

    assertThat(done(first).status()).isEqualTo(200);
    assertThat(done(second).status()).isEqualTo(404);
    assertThat(done(second).body()).isEmpty();
    assertThat(owner.freed).hasSize(2);
    assertThat(channel.isActive()).isTrue();
  }

  @Test
  void closesTheConnectionWhenTheServerSaysSo() {
    Exchange exchange = send();
    receive("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok");

    assertThat(done(exchange).failed()).isFalse();
    assertThat(channel.isActive()).isFalse();
    channel.runPendingTasks();
    assertThat(owner.freed).isEmpty();
    assertThat(owner.closed).containsExactly(handler);
  }

  @Test
  void connectionClosedMidResponseFailsTheExchange() {
    Exchange exchange = send();
    receive("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial");

    channel.close();

    assertThat(done(exchange).failure()).isEqualTo(FailureReason.CONNECTION_CLOSED);
    assertThat(owner.closed).containsExactly(handler);
  }

  @Test
  void connectionClosedBeforeAnyResponseFailsTheExchange() {
    Exchange exchange = send();

    channel.close();

    assertThat(done(exchange).failure()).isEqualTo(FailureReason.CONNECTION_CLOSED);
  }

  @Test
  void reusedConnectionDyingBeforeAnyResponseByteHandsAGetBackForAnotherTry() {
    send();
    receive("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
    Exchange second = send();

    channel.close();

    assertThat(second.future()).isNotDone();
    assertThat(owner.retried).containsExactly(second);
    assertThat(second.retryOnce()).as("only one more try").isFalse();
  }

  @Test
  void postIsNeverSentTwice() {
    send();
    receive("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
    Exchange post = new Exchange(HttpRequest.postJson("/api/bids", new byte[] {'{', '}'}), now());
    handler.send(post, request());
    drainOutbound();

    channel.close();

    assertThat(done(post).failure()).isEqualTo(FailureReason.CONNECTION_CLOSED);
    assertThat(owner.retried).isEmpty();
  }

  @Test
  void responseNotCompleteWithinTheReadTimeoutFails() {
    Exchange exchange = send();
    channel.advanceTimeBy(READ_TIMEOUT_NANOS - 1, TimeUnit.NANOSECONDS);
    channel.runScheduledPendingTasks();
    assertThat(exchange.future()).isNotDone();

    channel.advanceTimeBy(1, TimeUnit.NANOSECONDS);
    channel.runScheduledPendingTasks();

    HttpResponse response = done(exchange);
    assertThat(response.failure()).isEqualTo(FailureReason.READ_TIMEOUT);
    assertThat(response.wireNanos()).isEqualTo(READ_TIMEOUT_NANOS);
    assertThat(channel.isActive()).isFalse();
  }

  @Test
  void timerRearmsForALaterRequestOnTheSameConnection() {
    Exchange first = send();
    channel.advanceTimeBy(READ_TIMEOUT_NANOS * 8 / 10, TimeUnit.NANOSECONDS);
    receive("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
    Exchange second = send();

    channel.advanceTimeBy(READ_TIMEOUT_NANOS * 3 / 10, TimeUnit.NANOSECONDS);
    channel.runScheduledPendingTasks();
    assertThat(done(first).failed()).isFalse();
    assertThat(second.future()).isNotDone();

    channel.advanceTimeBy(READ_TIMEOUT_NANOS * 7 / 10, TimeUnit.NANOSECONDS);
    channel.runScheduledPendingTasks();
    assertThat(done(second).failure()).isEqualTo(FailureReason.READ_TIMEOUT);
  }

  @Test
  void bodyLargerThanTheLimitIsAProtocolError() {
    Exchange exchange = send();
    receive("HTTP/1.1 200 OK\r\nContent-Length: 2048\r\n\r\n");

    assertThat(done(exchange).failure()).isEqualTo(FailureReason.PROTOCOL_ERROR);
    assertThat(channel.isActive()).isFalse();
  }

  @Test
  void chunkedBodyGrowingPastTheLimitIsAProtocolError() {
    Exchange exchange = send();
    receive("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
    receive("400\r\n" + "x".repeat(1024) + "\r\n1\r\nx\r\n0\r\n\r\n");

    assertThat(done(exchange).failure()).isEqualTo(FailureReason.PROTOCOL_ERROR);
  }

  @Test
  void garbageInsteadOfAStatusLineIsAProtocolError() {
    Exchange exchange = send();
    receive("HTTP/1.1 abc\r\n\r\n");

    assertThat(done(exchange).failure()).isEqualTo(FailureReason.PROTOCOL_ERROR);
    assertThat(channel.isActive()).isFalse();
  }

  @Test
  void unsolicitedResponseClosesTheConnection() {
    receive("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");

    assertThat(channel.isActive()).isFalse();
  }

  @Test
  void passesEverySetCookieToTheOwner() {
    Exchange exchange = send();
    receive(
        "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Path=/\r\nSet-Cookie: b=2\r\nContent-Length: 0\r\n\r\n");

    assertThat(done(exchange).failed()).isFalse();
    assertThat(owner.cookies).containsExactly("a=1; Path=/", "b=2");
  }

  @Test
  void measuresWireTimeFromWriteToLastByte() {
    Exchange exchange = new Exchange(HttpRequest.get("/"), now() - 5_000);
    handler.send(exchange, request());
    drainOutbound();
    channel.advanceTimeBy(7_000, TimeUnit.NANOSECONDS);
    receive("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");

    HttpResponse response = done(exchange);
    assertThat(response.queuedNanos()).isEqualTo(5_000);
    assertThat(response.wireNanos()).isEqualTo(7_000);
  }

  /** The outcome, which must already be there: nothing here completes asynchronously. */
  private static HttpResponse done(Exchange exchange) {
    assertThat(exchange.future()).isDone();
    return exchange.future().join();
  }

  private Exchange send() {
    Exchange exchange = new Exchange(HttpRequest.get("/"), now());
    handler.send(exchange, request());
    drainOutbound();
    return exchange;
  }

  private long now() {
    return channel.eventLoop().ticker().nanoTime();
  }

  private static ByteBuf request() {
    return Unpooled.copiedBuffer("GET / HTTP/1.1\r\nHost: x\r\n\r\n", StandardCharsets.US_ASCII);
  }

  private void drainOutbound() {
    Object written;
    while ((written = channel.readOutbound()) != null) {
      ((ByteBuf) written).release();
    }
  }

  private void receive(String bytes) {
    channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
  }

  private static final class RecordingOwner implements ConnectionOwner {
    final List<ConnectionHandler> freed = new ArrayList<>();
    final List<ConnectionHandler> closed = new ArrayList<>();
    final List<String> cookies = new ArrayList<>();
    final List<Exchange> retried = new ArrayList<>();

    @Override
    public void retry(Exchange exchange) {
      retried.add(exchange);
    }

    @Override
    public void connectionFree(ConnectionHandler connection) {
      freed.add(connection);
    }

    @Override
    public void connectionClosed(ConnectionHandler connection) {
      closed.add(connection);
    }

    @Override
    public void cookieReceived(String setCookieHeader) {
      cookies.add(setCookieHeader);
    }
  }
}
