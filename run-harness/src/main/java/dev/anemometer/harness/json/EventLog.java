package dev.anemometer.harness.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code events.jsonl}: one JSON object per line for each phase, elasticity change and fault, with
 * its wall-clock time and its offset from the start of the run, written as it happens so that an
 * interrupted run keeps its history.
 */
public final class EventLog {

  private final Path file;
  private final Clock clock;
  private final Instant start;

  public EventLog(Path file, Clock clock) {
    this.file = file;
    this.clock = clock;
    this.start = clock.instant();
  }

  public synchronized void record(String type, String name, Map<String, ?> details) {
    Instant now = clock.instant();
    Map<String, Object> event = new LinkedHashMap<>();
    event.put("time", now.toString());
    event.put("offsetMillis", now.toEpochMilli() - start.toEpochMilli());
    event.put("type", type);
    event.put("name", name);
    event.putAll(details);
    try {
      Files.writeString(
          file,
          Json.compact().writeValueAsString(event) + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  public void phase(String name, String state) {
    record("phase", name, Map.of("state", state));
  }
}
