package dev.anemometer.driver.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResponseParserTest {

  private final ResponseParser parser = new ResponseParser();
  private final Recorder recorder = new Recorder();

  @AfterEach
  void release() {
    parser.release();
  }

  @Test
  void readsStatusFramingAndTheHeadersThatMatter() {
    feed(
        "HTTP/1.1 201 Created\r\nserver: x\r\nCONTENT-TYPE:  application/json \r\n"
            + "Set-Cookie: a=1; Path=/\r\nContent-Length: 2\r\n\r\n{}");

    assertThat(recorder.heads).containsExactly("201 application/json 2 keep-alive");
    assertThat(recorder.cookies).containsExactly("a=1; Path=/");
    assertThat(recorder.bodies).containsExactly("{}");
    assertThat(parser.isIdle()).isTrue();
  }

  @Test
  void parsesAChunkedResponseFedOneByteAtATime() {
    String response =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n"
            + "5;ext=1\r\nhello\r\n1a\r\n"
            + "-abcdefghijklmnopqrstuvwxy\r\n0\r\nTrailer: t\r\n\r\n";
    for (byte b : response.getBytes(StandardCharsets.US_ASCII)) {
      assertThat(parser.feed(Unpooled.wrappedBuffer(new byte[] {b}), recorder))
          .isEqualTo(ResponseParser.Outcome.OK);
    }

    assertThat(recorder.heads).containsExactly("200 null -1 keep-alive");
    assertThat(recorder.body()).isEqualTo("hello-abcdefghijklmnopqrstuvwxy");
    assertThat(recorder.ends).isEqualTo(1);
    assertThat(parser.isIdle()).isTrue();
  }

  @Test
  void aHeadSplitAcrossReadsReportsItsCookieOnce() {
    String response = "HTTP/1.1 200 OK\r\nSet-Cookie: s=1\r\nContent-Length: 2\r\n\r\nok";
    int cut = response.indexOf("Content-Length");
    feed(response.substring(0, cut));
    feed(response.substring(cut, cut + 5));
    feed(response.substring(cut + 5));

    assertThat(recorder.cookies).containsExactly("s=1");
    assertThat(recorder.heads).containsExactly("200 null 2 keep-alive");
    assertThat(recorder.body()).isEqualTo("ok");
  }

  @Test
  void readsAHeadLongerThanItsFirstCopyAndLeavesTheBodyAfterIt() {
    String filler = "X-Filler: " + "y".repeat(3000) + "\r\n";
    String body = "b".repeat(5000);
    feed(
        "HTTP/1.1 200 OK\r\n"
            + filler
            + "Content-Type: text/plain\r\n"
            + filler
            + "Content-Length: 5000\r\n\r\n"
            + body
            + "HTTP/1.1 204 No Content\r\n\r\n");

    assertThat(recorder.heads)
        .containsExactly("200 text/plain 5000 keep-alive", "204 null 0 keep-alive");
    assertThat(recorder.body()).isEqualTo(body);
    assertThat(recorder.ends).isEqualTo(2);
  }

  @Test
  void aHeadWithoutAStatusLineIsMalformed() {
    assertThat(new ResponseParser().feed(ascii("\r\nHTTP/1.1 200 OK\r\n\r\n"), recorder))
        .isEqualTo(ResponseParser.Outcome.MALFORMED);
    assertThat(new ResponseParser().feed(ascii("HTTP/1.1 20\r\n\r\n"), recorder))
        .isEqualTo(ResponseParser.Outcome.MALFORMED);
  }

  @Test
  void parsesTwoResponsesInOneBuffer() {
    feed(
        "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na"
            + "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");

    assertThat(recorder.heads).containsExactly("200 null 1 keep-alive", "404 null 0 keep-alive");
    assertThat(recorder.ends).isEqualTo(2);
  }

  @Test
  void skipsAnInterimResponse() {
    feed("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");

    assertThat(recorder.heads).containsExactly("200 null 0 keep-alive");
  }

  @Test
  void noContentHasNoBodyWhateverItsHeadersSay() {
    feed("HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n");

    assertThat(recorder.heads).containsExactly("204 null 0 keep-alive");
    assertThat(recorder.ends).isEqualTo(1);
  }

  @Test
  void bodyWithoutLengthRunsUntilTheConnectionCloses() {
    feed("HTTP/1.1 200 OK\r\n\r\nsome");
    feed(" bytes");
    assertThat(recorder.ends).isZero();

    assertThat(parser.endOfInput(recorder)).isTrue();

    assertThat(recorder.heads).containsExactly("200 null -1 close");
    assertThat(recorder.body()).isEqualTo("some bytes");
    assertThat(recorder.ends).isEqualTo(1);
  }

  @Test
  void endOfInputInsideAFixedBodyCompletesNothing() {
    feed("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc");

    assertThat(parser.endOfInput(recorder)).isFalse();
    assertThat(recorder.ends).isZero();
  }

  @Test
  void http10ClosesUnlessAskedToKeepAlive() {
    feed("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n");
    feed("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n");
    feed("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");

    assertThat(recorder.heads)
        .containsExactly("200 null 0 close", "200 null 0 keep-alive", "200 null 0 close");
  }

  @Test
  void refusesMalformedHeads() {
    assertThat(new ResponseParser().feed(ascii("HTTP/1.1 abc\r\n\r\n"), recorder))
        .isEqualTo(ResponseParser.Outcome.MALFORMED);
    assertThat(new ResponseParser().feed(ascii("SSH-2.0-OpenSSH\r\n\r\n"), recorder))
        .isEqualTo(ResponseParser.Outcome.MALFORMED);
    assertThat(
            new ResponseParser().feed(ascii("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n"), recorder))
        .isEqualTo(ResponseParser.Outcome.MALFORMED);
    assertThat(
            new ResponseParser()
                .feed(
                    ascii("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"),
                    recorder))
        .isEqualTo(ResponseParser.Outcome.MALFORMED);
    assertThat(
            new ResponseParser()
                .feed(
                    ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"), recorder))
        .isEqualTo(ResponseParser.Outcome.MALFORMED);
  }

  @Test
  void refusesAHeadThatNeverEnds() {
    ResponseParser.Outcome outcome = parser.feed(ascii("HTTP/1.1 200 OK\r\n"), recorder);
    String header = "X-Filler: " + "y".repeat(1000) + "\r\n";
    for (int i = 0; i < 70 && outcome == ResponseParser.Outcome.OK; i++) {
      outcome = parser.feed(ascii(header), recorder);
    }

    assertThat(outcome).isEqualTo(ResponseParser.Outcome.MALFORMED);
  }

  private void feed(String text) {
    ByteBuf buf = ascii(text);
    assertThat(parser.feed(buf, recorder)).isEqualTo(ResponseParser.Outcome.OK);
    buf.release();
  }

  private static ByteBuf ascii(String text) {
    return Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
  }

  private static final class Recorder implements ResponseParser.Listener {
    final List<String> heads = new ArrayList<>();
    final List<String> cookies = new ArrayList<>();
    final List<String> bodies = new ArrayList<>();
    final ByteArrayOutputStream allBody = new ByteArrayOutputStream();
    int ends;

    @Override
    public void setCookie(String headerValue) {
      cookies.add(headerValue);
    }

    @Override
    public boolean head(int status, String contentType, long contentLength, boolean keepAlive) {
      heads.add(
          status
              + " "
              + contentType
              + " "
              + contentLength
              + " "
              + (keepAlive ? "keep-alive" : "close"));
      return true;
    }

    @Override
    public boolean body(ByteBuf bytes) {
      byte[] copy = new byte[bytes.readableBytes()];
      bytes.getBytes(bytes.readerIndex(), copy);
      bodies.add(new String(copy, StandardCharsets.US_ASCII));
      allBody.writeBytes(copy);
      return true;
    }

    @Override
    public void end() {
      ends++;
    }

    String body() {
      return allBody.toString(StandardCharsets.US_ASCII);
    }
  }
}
