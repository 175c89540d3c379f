package dev.anemometer.harness.deploy.compose;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The engine's CLI as a test plays it: a command prints the output set for the longest beginning of
 * its words ({@code ps}, {@code inspect --type container}), and fails when none is set; {@code
 * events} goes on printing what the test sends until the engine is closed, which also fails every
 * later command.
 */
final class FakeEngine implements EngineCli, AutoCloseable {

  private final Map<String, String> answers = new ConcurrentHashMap<>();
  private final List<Pipe> streams = new CopyOnWriteArrayList<>();
  private final List<String> commands = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  /** Commands beginning with {@code words} print {@code output}. */
  FakeEngine answer(String words, String output) {
    answers.put(words, output);
    return this;
  }

  /** Commands beginning with {@code words} fail again, as the engine's CLI fails them. */
  FakeEngine refuse(String words) {
    answers.remove(words);
    return this;
  }

  @Override
  public String host() {
    return "unix:///fake/docker.sock";
  }

  @Override
  public String run(Duration timeout, String... arguments) throws IOException {
    String command = String.join(" ", arguments);
    commands.add(command);
    if (closed) {
      throw new IOException("Cannot connect to the Docker daemon at " + host());
    }
    return answers.entrySet().stream()
        .filter(answer -> command.startsWith(answer.getKey()))
        .max(Map.Entry.comparingByKey(java.util.Comparator.comparingInt(String::length)))
        .map(Map.Entry::getValue)
        .orElseThrow(() -> new IOException("the fake engine has no answer to '" + command + "'"));
  }

  @Override
  public Following follow(String... arguments) throws IOException {
    if (closed) {
      commands.add(String.join(" ", arguments));
      throw new IOException("Cannot connect to the Docker daemon at " + host());
    }
    Pipe pipe = Pipe.open();
    streams.add(pipe);
    // Recorded once it prints: a test that saw the command may send events at once.
    commands.add(String.join(" ", arguments));
    InputStream output = Channels.newInputStream(pipe.source());
    return new Following() {
      @Override
      public InputStream output() {
        return output;
      }

      @Override
      public int exitCode() {
        return closed ? 1 : 0;
      }

      @Override
      public String ending() {
        return closed ? "the fake engine closed" : "exit 0";
      }

      @Override
      public void close() throws IOException {
        streams.remove(pipe);
        output.close();
      }
    };
  }

  /** Prints one event, as a line of JSON, on every open events stream. */
  void event(String json) throws IOException {
    for (Pipe stream : streams) {
      ByteBuffer bytes = ByteBuffer.wrap((json + "\n").getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        stream.sink().write(bytes);
      }
    }
  }

  /** Ends every open events stream as an engine ends one on its own (exit 0). */
  void endStreams() throws IOException {
    for (Pipe stream : streams) {
      streams.remove(stream);
      stream.sink().close();
    }
  }

  /** Every command run or followed, its words joined by spaces. */
  List<String> commands() {
    return List.copyOf(commands);
  }

  @Override
  public void close() throws IOException {
    closed = true;
    for (Pipe stream : streams) {
      stream.sink().close();
    }
  }
}
