package dev.anemometer.driver.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.stats.IntervalStats;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DriverRunLoopTest {

  /** The loop "waits" by moving this clock on, so it never waits for real time. */
  private final AtomicLong clock = new AtomicLong();

  private DriverRun newRun(RunSpec spec, LoadGenerator generator) {
    return new DriverRun(spec, generator, clock::get, clock::addAndGet);
  }

  private static final class FlakyGenerator implements LoadGenerator {
    final List<Integer> users = new ArrayList<>();
    final boolean failWhenEmptied;
    boolean closed;

    FlakyGenerator(boolean failWhenEmptied) {
      this.failWhenEmptied = failWhenEmptied;
    }

    @Override
    public void start(List<TargetSpec> targets) {}

    @Override
    public void setActiveUsers(String targetId, int count) {
      if (failWhenEmptied && count == 0 && !users.isEmpty()) {
        throw new IllegalStateException("worker http://10.0.0.2:7000 unreachable");
      }
      users.add(count);
    }

    @Override
    public Map<String, IntervalStats> takeIntervals() {
      return Map.of();
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void theLoopTicksToTheEndOfThePath() {
    var generator = new FlakyGenerator(false);
    RunResult result = newRun(spec(2), generator).run();

    assertThat(generator.users).containsExactly(0, 4, 8, 4, 0);
    assertThat(result.error()).isNull();
    assertThat(result.stopped()).isFalse();
    assertThat(result.target("app0").windows()).hasSize(1);
    assertThat(generator.closed).isTrue();
  }

  @Test
  void anInfrastructureFailureEndsTheRunKeepingWhatWasMeasured() {
    var generator = new FlakyGenerator(true);
    RunResult result = newRun(spec(2), generator).run();

    assertThat(result.error())
        .isEqualTo("could not set 0 users on target app0: worker http://10.0.0.2:7000 unreachable");
    assertThat(result.passed()).isFalse();
    assertThat(result.target("app0").windows()).hasSize(1);
    assertThat(generator.closed).isTrue();
  }

  private static RunSpec spec(int rampDownSeconds) {
    var users = new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 0, 8, 4, 1);
    var path =
        new FixedLoadPathSpec(
            8,
            Duration.ofSeconds(2),
            Duration.ZERO,
            1,
            Duration.ofSeconds(2),
            Duration.ofSeconds(rampDownSeconds));
    return RunSpec.of(
        "loop", List.of(new TargetSpec("app0", users, path)), QosSpec.weathervaneDefaults());
  }
}
