package dev.anemometer.harness.elasticity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.json.EventLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reactive policy in the loop: synthetic interval stats in, a fake tier scaled, events out. */
class ElasticityRunnerTest {

  @TempDir Path dir;

  /** Scales at once and remembers each size it was set to. */
  static final class FakeTier implements ScalableTier {
    volatile int instances = 1;
    final List<Integer> sizes = new ArrayList<>();

    @Override
    public TierName tier() {
      return TierName.APP;
    }

    @Override
    public int instances() {
      return instances;
    }

    @Override
    public int maxInstances() {
      return 3;
    }

    @Override
    public void scaleTo(int target, ChangeSteps steps) {
      steps.step("in-lb", Map.of("instances", target));
      synchronized (sizes) {
        sizes.add(target);
      }
      instances = target;
    }
  }

  @Test
  void theReactivePolicyScalesUpUnderASpikeAndBackDownAfterIt() throws Exception {
    AnemometerConfig config =
        thirtySecondsOfLoad(
            "elasticity.reactive={min: 1, max: 3, p99UpMillis: 500, p99DownMillis: 100,"
                + " coolDown: 4s}");
    FakeTier tier = new FakeTier();
    EventLog events = new EventLog(dir.resolve("events.jsonl"), Clock.systemUTC());
    ElasticityRunner runner =
        new ElasticityRunner(config, Map.of(0, tier), Map.of(), events, Samples.QOS);
    runner.onStart(null);

    long t = 0;
    int[] usersOverTime = {20, 20, 60, 60, 60, 60, 60, 60, 20, 20, 20, 20, 20, 20, 20, 20};
    for (int users : usersOverTime) {
      t += 2_000;
      // latency follows users per server: the spike is slow until servers are added
      long p99 = users / tier.instances() > 25 ? 900 : 50;
      runner.onStatus(Samples.report(t, users, p99, 0));
      awaitIdle(runner);
    }
    runner.close();

    assertThat(tier.sizes).containsExactly(2, 3, 2, 1);
    ElasticityResults results = runner.results();
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> changes =
        (List<Map<String, Object>>) results.elasticity().get("changes");
    assertThat(changes)
        .hasSize(4)
        .allSatisfy(c -> assertThat(c).containsEntry("trigger", "reactive"));
    assertThat(results.elasticity()).containsKeys("segments", "score");
    assertThat(Files.readString(dir.resolve("events.jsonl")))
        .contains("\"state\":\"requested\"")
        .contains("\"state\":\"in-lb\"")
        .contains("\"state\":\"done\"");
  }

  /** Pauses like the real targets: asleep for the duration, resumed however the sleep ends. */
  static final class SleepingPauses implements FaultTarget {
    final CountDownLatch paused = new CountDownLatch(1);
    final AtomicInteger resumed = new AtomicInteger();

    @Override
    public void kill(TierName tier, int instance, ChangeSteps steps) {}

    @Override
    public void restart(TierName tier, int instance, ChangeSteps steps) {}

    @Override
    public void pause(TierName tier, int instance, Duration duration, ChangeSteps steps)
        throws InterruptedException {
      steps.step("paused");
      paused.countDown();
      try {
        Thread.sleep(duration.toMillis());
      } finally {
        resumed.incrementAndGet();
        steps.step("resumed");
      }
    }
  }

  @Test
  void aPauseStillUnderWayWhenTheLoadEndsIsResumedWithinSeconds() throws Exception {
    AnemometerConfig config = thirtySecondsOfLoad("faults=[{at: 0s, pause: db, duration: 10m}]");
    SleepingPauses target = new SleepingPauses();
    EventLog events = new EventLog(dir.resolve("events.jsonl"), Clock.systemUTC());
    ElasticityRunner runner =
        new ElasticityRunner(config, Map.of(), Map.of(0, target), events, Samples.QOS);
    runner.onStart(null);
    assertThat(target.paused.await(10, TimeUnit.SECONDS)).as("the pause began").isTrue();

    long closing = System.nanoTime();
    runner.close();

    assertThat(Duration.ofNanos(System.nanoTime() - closing))
        .as("the end of the load waits for the paused tier")
        .isLessThan(Duration.ofSeconds(10));
    assertThat(target.resumed).as("resumed exactly once").hasValue(1);
    assertThat(Files.readString(dir.resolve("events.jsonl")))
        .contains("\"state\":\"resumed\"")
        .contains("\"state\":\"ended-with-load\"");
  }

  private static AnemometerConfig thirtySecondsOfLoad(String schedule) {
    return new ConfigLoader()
        .load(
            null,
            "local",
            List.of(
                "strategy=interval",
                "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: 20,"
                    + " duration: 30s}]}",
                schedule));
  }

  private static void awaitIdle(ElasticityRunner runner) {
    await("the runner idle")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(5))
        .until(() -> !runner.changing());
  }
}
