package dev.anemometer.harness.elasticity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.harness.json.EventLog;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The figures of each change: time to traffic, p99 during a change against the steady state. */
class ElasticityResultsTest {

  @TempDir Path dir;

  private final long[] nowMillis = {0};

  @Test
  void aScaleUpGivesItsTimeToTrafficAndAScaleDownItsP99DuringAgainstSteady() {
    EventLog events = new EventLog(dir.resolve("events.jsonl"), Clock.systemUTC());
    Change up = change(events, 1, 1, 2);
    at(0, up, "requested");
    at(2_500, up, "ready");
    at(3_000, up, "in-lb");
    at(3_000, up, "done");
    Change down = change(events, 2, 2, 1);
    at(10_000, down, "requested");
    at(10_000, down, "draining");
    at(15_000, down, "stopped");
    at(16_000, down, "done");
    List<IntervalSample> samples = new ArrayList<>();
    for (long end = 2_000; end <= 30_000; end += 2_000) {
      // slow only while the scale-down is under way (intervals ending 12 s to 18 s)
      boolean slow = end > 10_000 && end <= 18_000;
      samples.add(Samples.sample(end, 20, slow ? 200 : 40, 0));
    }

    ElasticityResults results =
        ElasticityResults.of(
            List.of(up, down),
            Map.of("instance-0", samples),
            new Timeline(),
            Map.of(),
            Samples.QOS,
            "fixed");

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> changes =
        (List<Map<String, Object>>) results.elasticity().get("changes");
    assertThat(changes.get(0)).containsEntry("timeToTrafficMillis", 3_000L);
    assertThat((Double) changes.get(1).get("p99MillisDuring")).isCloseTo(200, within(1.0));
    assertThat((Double) changes.get(1).get("p99MillisSteady")).isCloseTo(40, within(0.5));
    assertThat(changes.get(1)).containsEntry("timeToTakeEffectMillis", 6_000L);
    assertThat(results.headlines())
        .containsExactly(
            "instance-0 app 1→2 (schedule): request to traffic 3.0 s, 0 failed",
            "instance-0 app 2→1 (schedule): p99 during change 200 ms vs steady 40 ms, drained and"
                + " stopped in 6.0 s, 0 failed");
  }

  @Test
  void aKilledAppServerIsJudgedAgainstWhatWasInFlightOnIt() {
    EventLog events = new EventLog(dir.resolve("events.jsonl"), Clock.systemUTC());
    Change kill =
        new Change(
            "fault",
            "fault-1",
            "instance-0",
            Map.of("action", "kill", "tier", "app", "instance", 1),
            events,
            () -> nowMillis[0]);
    nowMillis[0] = 10_000;
    kill.step("injected");
    // the server dies half a second after the fault was due: its recovery counts from there
    nowMillis[0] = 10_500;
    kill.step("killed", Map.of("server", "instance-0-app-1", ChangeSteps.IN_FLIGHT, 17));
    List<IntervalSample> samples = new ArrayList<>();
    for (long end = 2_000; end <= 30_000; end += 2_000) {
      // the interval right after the kill fails three operations; the rest are healthy
      samples.add(Samples.sample(end, 20, 40, end == 12_000 ? 3 : 0));
    }

    ElasticityResults results =
        ElasticityResults.of(
            List.of(kill),
            Map.of("instance-0", samples),
            new Timeline(),
            Map.of(),
            Samples.QOS,
            "fixed");

    assertThat(results.faults().get(0))
        .containsEntry("failedOperations", 3L)
        .containsEntry("inFlightAtFault", 17)
        .containsEntry("recoveryMillis", 1_500L);
    assertThat(results.headlines())
        .containsExactly(
            "instance-0 kill app 1: recovered in 1.5 s, 3 failed (17 in flight on it)");
  }

  private Change change(EventLog events, int id, int from, int to) {
    return new Change(
        "elasticity",
        "elasticity-" + id,
        "instance-0",
        Map.of("tier", "app", "from", from, "to", to, "trigger", "schedule"),
        events,
        () -> nowMillis[0]);
  }

  private void at(long millis, Change change, String state) {
    nowMillis[0] = millis;
    change.step(state);
  }
}
