package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.deploy.TierExit;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tier watch on the engine's events, as podman's Docker API sends them: a container of the run
 * that dies is reported with its name, service, ID and exit code, unless the harness planned it.
 */
class ContainerWatchTest {

  static final String PROJECT = "anemometer-run-0";
  static final String APP_1 = "4f1c2a9b7d3e0889203c3c1e754519d08946f3b4db4d817f1fa608b25121de7a";
  static final String STILL_THERE = "ps --all --quiet --no-trunc --filter id=";
  static final String APP_2 = "1daadc8e1ac1c9ea28f78260bca231bdebba303ab359007dcb82fb68d610d555";

  @TempDir Path temp;

  final List<TierExit> exits = new CopyOnWriteArrayList<>();
  final List<String> notices = new CopyOnWriteArrayList<>();
  final PlannedEnds planned = new PlannedEnds();
  FakeEngine engine;
  ContainerWatch watch;

  @BeforeEach
  void watch() throws Exception {
    engine = new FakeEngine().answer("ps", "");
    watch = ContainerWatch.start(engine, Set.of(PROJECT), planned, exits::add, notices::add);
  }

  @AfterEach
  void stop() throws Exception {
    watch.close();
    engine.close();
  }

  @Test
  void aContainerOfTheRunThatDiesIsReportedWithItsServiceAndExitCode() throws Exception {
    engine.event(event("kill", PROJECT, "app", APP_1, 0));
    engine.event(event("die", "someone-elses", "app", APP_2, 1));
    engine.event(event("die", PROJECT, "app", APP_1, 137));

    await().atMost(Duration.ofSeconds(5)).until(() -> !exits.isEmpty());
    assertThat(exits)
        .containsExactly(
            TierExit.ofContainer(PROJECT + "_app_1", "app", APP_1.substring(0, 12), 137));
    assertThat(exits.get(0).describe())
        .isEqualTo(
            PROJECT
                + "_app_1 (service app, container 4f1c2a9b7d3e) ended unexpectedly: killed by"
                + " SIGKILL (exit code 137)");
  }

  /** Podman replays its event log after rotating it: old deaths and repeats are not news. */
  @Test
  void replayedAndEarlierEventsAreNotReportedAgain() throws Exception {
    long now = System.currentTimeMillis() * 1_000_000;
    engine.event(event("die", PROJECT, "app", APP_2, 137, now - 60_000_000_000L));
    engine.event(event("die", PROJECT, "app", APP_1, 3, now + 1_000_000_000L));
    engine.event(event("die", PROJECT, "app", APP_1, 3, now + 1_000_000_000L));
    engine.event(event("die", PROJECT, "postgres", APP_2, 2, now + 2_000_000_000L));

    await().atMost(Duration.ofSeconds(5)).until(() -> exits.size() == 2);
    assertThat(exits).extracting(TierExit::exitCode).containsExactly(3, 2);
  }

  @Test
  void aDeathInsideItsFaultsWindowIsPlannedAnotherIsNot() throws Exception {
    planned.ofContainer(
        APP_1.substring(0, 12),
        () -> {
          send(event("die", PROJECT, "app", APP_1, 137));
          send(event("die", PROJECT, "app", APP_2, 3));
          return null;
        });

    await().atMost(Duration.ofSeconds(5)).until(() -> !exits.isEmpty());
    assertThat(exits).extracting(TierExit::exitCode).containsExactly(3);
  }

  @Test
  void duringAScaleChangeOnlyContainersTheChangeDidNotRemoveAreReported() throws Exception {
    engine.answer(STILL_THERE + APP_1, APP_1);
    CompletableFuture<Void> change =
        CompletableFuture.runAsync(
            () ->
                planned.ofService(
                    PROJECT,
                    "app",
                    () -> {
                      send(event("die", PROJECT, "app", APP_2, 143)); // removed: no longer listed
                      send(event("die", PROJECT, "app", APP_1, 1)); // still there: a crash
                      send(event("die", PROJECT, "postgres", APP_2, 2)); // not being changed
                      // Events are read in order: once the third is reported, the first two were
                      // read, and held until the change is over.
                      await().atMost(Duration.ofSeconds(5)).until(() -> !exits.isEmpty());
                      assertThat(exits).extracting(TierExit::exitCode).containsExactly(2);
                      return null;
                    }));

    change.get();
    await().atMost(Duration.ofSeconds(5)).until(() -> exits.size() == 2);
    assertThat(exits).extracting(TierExit::exitCode).containsExactly(2, 1);
    assertThat(engine.commands()).contains(STILL_THERE + APP_1, STILL_THERE + APP_2);
  }

  /** Where podman's own CLI stands in for {@code docker}, its events have their own shape. */
  @Test
  void aDeathAsPodmansCliPrintsItIsReportedToo() throws Exception {
    engine.event(
        "{\"ContainerExitCode\":137,\"ID\":\""
            + APP_1
            + "\",\"Name\":\""
            + PROJECT
            + "_app_1\",\"Status\":\"died\",\"Time\":\""
            + java.time.Instant.now().plusSeconds(1)
            + "\",\"Type\":\"container\",\"Attributes\":{\"com.docker.compose.project\":\""
            + PROJECT
            + "\",\"com.docker.compose.service\":\"app\"}}");

    await().atMost(Duration.ofSeconds(5)).until(() -> !exits.isEmpty());
    assertThat(exits)
        .containsExactly(
            TierExit.ofContainer(PROJECT + "_app_1", "app", APP_1.substring(0, 12), 137));
  }

  /** Podman ends a stream that replays its log when it rotates the log file. */
  @Test
  void aStreamTheEngineEndsIsFollowedAgainFromJustBeforeItsEnd() throws Exception {
    long now = System.currentTimeMillis() * 1_000_000;
    String first = event("die", PROJECT, "app", APP_1, 137, now + 1_000_000_000L);
    engine.event(first);
    await().atMost(Duration.ofSeconds(5)).until(() -> exits.size() == 1);
    engine.endStreams();
    await().atMost(Duration.ofSeconds(5)).until(() -> followed().size() == 2);
    engine.event(first); // replayed: the new stream starts a little before the old one ended
    engine.event(event("die", PROJECT, "postgres", APP_2, 2, now + 2_000_000_000L));

    await().atMost(Duration.ofSeconds(5)).until(() -> exits.size() == 2);
    assertThat(exits).extracting(TierExit::exitCode).containsExactly(137, 2);
    assertThat(notices).isEmpty();
    assertThat(followed().get(1)).contains("--since ");
  }

  @Test
  void aStreamThatKeepsEndingAtOnceIsSaid() throws Exception {
    for (int i = 0; i < ContainerWatch.QUICK_ENDS_TO_GIVE_UP; i++) {
      int ended = i;
      await().atMost(Duration.ofSeconds(5)).until(() -> followed().size() == ended + 1);
      engine.endStreams();
    }

    await().atMost(Duration.ofSeconds(5)).until(() -> !notices.isEmpty());
    assertThat(notices)
        .containsExactly(
            "container watch: the engine's events stream ended (each of 3 times at once); tiers"
                + " not watched");
  }

  private List<String> followed() {
    return engine.commands().stream().filter(c -> c.startsWith("events ")).toList();
  }

  @Test
  void anEventsStreamTheEngineEndsIsSaidNotSilentlyDropped() throws Exception {
    engine.close();

    await().atMost(Duration.ofSeconds(5)).until(() -> !notices.isEmpty());
    assertThat(notices)
        .containsExactly(
            "container watch: the engine's events stream ended (the fake engine closed); tiers not"
                + " watched");
  }

  @Test
  void afterCloseNothingIsReportedOrSaid() throws Exception {
    watch.close();
    engine.event(event("die", PROJECT, "postgres", APP_1, 137));
    engine.close();

    assertThat(exits).isEmpty();
    assertThat(notices).isEmpty();
  }

  private void send(String event) {
    try {
      engine.event(event);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** One event as podman 4.3's Docker API sends it, with no time (judged as new). */
  static String event(String action, String project, String service, String id, int exitCode) {
    return event(action, project, service, id, exitCode, 0);
  }

  static String event(
      String action, String project, String service, String id, int exitCode, long timeNano) {
    return "{\"status\":\""
        + action
        + "\",\"id\":\""
        + id
        + "\",\"from\":\"anemometer/auction-app:0.1.0\",\"Type\":\"container\",\"Action\":\""
        + action
        + "\",\"Actor\":{\"ID\":\""
        + id
        + "\",\"Attributes\":{\"com.docker.compose.project\":\""
        + project
        + "\",\"com.docker.compose.service\":\""
        + service
        + "\",\"containerExitCode\":\""
        + exitCode
        + "\",\"exitCode\":\""
        + exitCode
        + "\",\"name\":\""
        + project
        + "_"
        + service
        + "_1\"}},\"scope\":\"local\",\"time\":"
        + timeNano / 1_000_000_000L
        + ",\"timeNano\":"
        + timeNano
        + "}";
  }
}
