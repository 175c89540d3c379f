package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MappingIterator;

/**
 * Watches the containers of a run's Compose projects on the engine's events stream and reports each
 * that dies when nothing planned it, as the engine tells it (within a fraction of a second). The
 * ends the harness causes are {@link PlannedEnds}: a fault's container is not reported, and a
 * container of a service being scaled is reported only if the change did not remove it.
 */
final class ContainerWatch implements AutoCloseable {

  static final String PROJECT_LABEL = "com.docker.compose.project";
  static final String SERVICE_LABEL = "com.docker.compose.service";
  static final String NUMBER_LABEL = "com.docker.compose.container-number";

  private static final Duration ASK_TIMEOUT = Duration.ofSeconds(10);

  /** A followed stream is asked for events from this long before the previous one ended. */
  static final Duration REPLAY_MARGIN = Duration.ofSeconds(5);

  /** A stream that ends within this of being followed ended at once. */
  static final Duration QUICK_END = Duration.ofSeconds(2);

  static final int QUICK_ENDS_TO_GIVE_UP = 3;

  private final EngineCli engine;
  private final Set<String> projects;
  private final PlannedEnds planned;
  private final Consumer<TierExit> listener;
  private final Consumer<String> notices;
  private final Thread reader;
  private final Instant started = Instant.now();
  private final long startedEpochNanos = epochNanos(started);
  private final Set<String> judged = ConcurrentHashMap.newKeySet();
  private volatile EngineCli.Following events;
  private volatile boolean closed;

  private ContainerWatch(
      EngineCli engine,
      Set<String> projects,
      PlannedEnds planned,
      Consumer<TierExit> listener,
      Consumer<String> notices) {
    this.engine = engine;
    this.projects = Set.copyOf(projects);
    this.planned = planned;
    this.listener = listener;
    this.notices = notices;
    this.reader = new Thread(this::read, "anemometer-container-watch");
    this.reader.setDaemon(true);
  }

  /**
   * Follows the engine's events from the moment this is called: the CLI asks for those since then,
   * so no death after this call is missed however long the CLI takes to connect, nor while a stream
   * that ended is followed again.
   *
   * @param notices hears of a watch that stopped on its own (the engine went away)
   */
  static ContainerWatch start(
      EngineCli engine,
      Set<String> projects,
      PlannedEnds planned,
      Consumer<TierExit> listener,
      Consumer<String> notices)
      throws IOException {
    ContainerWatch watch = new ContainerWatch(engine, projects, planned, listener, notices);
    watch.events = watch.follow(watch.started);
    watch.reader.start();
    return watch;
  }

  private EngineCli.Following follow(Instant since) throws IOException {
    return engine.follow(
        "events",
        "--filter",
        "type=container",
        "--since",
        since.toString(),
        "--format",
        "{{json .}}");
  }

  /**
   * Reads the events until closed. A stream that ends is followed again from a little before its
   * end (podman ends one that replays its log when it rotates the log file); what is replayed was
   * judged already. One that keeps ending at once, or fails, is said and the tiers go unwatched.
   */
  private void read() {
    int quickEnds = 0;
    while (!closed) {
      long followedNanos = System.nanoTime();
      String ending = readUntilEnd(events);
      if (closed) {
        return;
      }
      boolean quick = System.nanoTime() - followedNanos < QUICK_END.toNanos();
      quickEnds = quick ? quickEnds + 1 : 0;
      closeQuietly(events);
      if (ending != null || quickEnds >= QUICK_ENDS_TO_GIVE_UP) {
        notices.accept(
            "container watch: the engine's events stream ended ("
                + (ending != null ? ending : "each of " + quickEnds + " times at once")
                + "); tiers not watched");
        return;
      }
      try {
        events = follow(Instant.now().minus(REPLAY_MARGIN));
      } catch (IOException e) {
        notices.accept("container watch stopped: " + e.getMessage() + "; tiers not watched");
        return;
      }
      if (closed) {
        closeQuietly(events); // close() may have closed the stream this one replaced
      }
    }
  }

  /** Null when the stream ended as the engine ends one; else why it failed. */
  private String readUntilEnd(EngineCli.Following stream) {
    try (MappingIterator<JsonNode> values =
        Json.compact().readerFor(JsonNode.class).readValues(stream.output())) {
      while (values.hasNextValue()) {
        onEvent(values.nextValue());
      }
      // A clean exit may still have said something (podman's warnings): only the code decides.
      return stream.exitCode() == 0 ? null : stream.ending();
    } catch (RuntimeException e) { // Jackson wraps the stream's IOException
      return e.getMessage();
    }
  }

  /**
   * One event as Docker's CLI prints it (what the engine's API sends: {@code Action}, {@code
   * Actor.ID}, {@code Actor.Attributes}, {@code timeNano}) or as podman's own CLI does where it
   * stands in for {@code docker} ({@code Status: died}, {@code ID}, {@code Attributes}, {@code
   * Time}).
   */
  void onEvent(JsonNode event) {
    JsonNode actor = event.has("Actor") ? event.path("Actor") : event;
    String action = event.path("Action").asString(event.path("Status").asString(""));
    JsonNode attributes = actor.path("Attributes");
    String project = attributes.path(PROJECT_LABEL).asString("");
    if (!(action.equals("die") || action.equals("died")) || !projects.contains(project) || closed) {
      return;
    }
    String id = actor.path("ID").asString("");
    long timeNanos = timeNanos(event);
    // Podman replays its event log after it rotates the file: events from before the watch (a
    // previous run of the same project name) and those already judged are not news.
    if (timeNanos != 0 && (timeNanos < startedEpochNanos || !judged.add(id + "@" + timeNanos))) {
      return;
    }
    String service = attributes.path(SERVICE_LABEL).asString("");
    TierExit exit =
        TierExit.ofContainer(
            attributes.path("name").asString(event.path("Name").asString(id)),
            service,
            PlannedEnds.shortId(id),
            exitCode(
                attributes
                    .path("exitCode")
                    .asString(event.path("ContainerExitCode").asString(""))));
    if (planned.containerEnd(id)) {
      return;
    }
    Optional<CompletableFuture<Instant>> change = planned.serviceChange(project, service);
    if (change.isPresent()) {
      // Its own thread: the inspect blocks, and the common pool may be busy or a single thread.
      change.get().thenRun(() -> judgeApart(() -> reportUnlessRemoved(id, exit)));
    } else {
      report(exit);
    }
  }

  private static void judgeApart(Runnable judgement) {
    Thread thread = new Thread(judgement, "anemometer-container-watch-judge");
    thread.setDaemon(true);
    thread.start();
  }

  /** A container that a scale change removed was one Compose stopped on purpose. */
  private void reportUnlessRemoved(String id, TierExit exit) {
    try {
      String found =
          engine.run(ASK_TIMEOUT, "ps", "--all", "--quiet", "--no-trunc", "--filter", "id=" + id);
      if (found.isBlank()) {
        return;
      }
    } catch (IOException e) {
      // The engine cannot say: the death is reported, as a crash would be.
    }
    report(exit);
  }

  private void report(TierExit exit) {
    if (!closed) {
      listener.accept(exit);
    }
  }

  private static long timeNanos(JsonNode event) {
    long nanos = event.path("timeNano").asLong(0);
    if (nanos != 0 || !event.has("Time")) {
      return nanos;
    }
    try {
      return epochNanos(Instant.parse(event.path("Time").asString()));
    } catch (DateTimeParseException e) {
      return 0;
    }
  }

  private static long epochNanos(Instant instant) {
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }

  private static int exitCode(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** Stops watching: what follows (teardown) is planned. */
  @Override
  public void close() {
    closed = true;
    closeQuietly(events);
  }

  private static void closeQuietly(EngineCli.Following stream) {
    try {
      stream.close();
    } catch (IOException e) {
      // closing a process's stream: nothing to do about it
    }
  }
}
