package dev.anemometer.driver.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SelfMonitoringTest {

  private final AtomicLong clock = new AtomicLong();

  /** A scheduler that runs its task only when the test says, at the fake clock's time. */
  private static final class ManualScheduler implements EventLoopLagProbe.Scheduler {
    final List<Runnable> tasks = new ArrayList<>();
    final List<Long> delays = new ArrayList<>();

    @Override
    public void schedule(Runnable task, long delayNanos) {
      tasks.add(task);
      delays.add(delayNanos);
    }

    void runNext() {
      tasks.remove(0).run();
    }
  }

  @Test
  void lagProbeMeasuresHowLateItsTaskRanOnEachLoop() {
    ManualScheduler loopA = new ManualScheduler();
    ManualScheduler loopB = new ManualScheduler();
    var probe = new EventLoopLagProbe(List.of(loopA, loopB), clock::get, Duration.ofMillis(100));
    probe.start();
    assertThat(loopA.delays).containsExactly(100_000_000L);

    clock.set(100_000_000);
    loopA.runNext(); // on time
    clock.set(350_000_000);
    loopB.runNext(); // 250 ms late: loop B was busy
    assertThat(probe.takeSustainedLagMicros()).isEqualTo(250_000);

    clock.set(205_000_000 + 150_000_000); // loop A's next task was due at 200 ms; runs at 355 ms
    loopA.runNext();
    assertThat(probe.takeSustainedLagMicros()).isEqualTo(155_000);
    assertThat(probe.takeSustainedLagMicros()).isZero();
  }

  @Test
  void onePauseAmongOnTimeRunsIsNotTheDriverLagging() {
    ManualScheduler loop = new ManualScheduler();
    var probe = new EventLoopLagProbe(List.of(loop), clock::get, Duration.ofMillis(100));
    probe.start();

    clock.set(370_000_000);
    loop.runNext(); // due at 100 ms: a 270 ms pause of the whole machine
    clock.set(470_000_000);
    loop.runNext(); // on time again
    assertThat(probe.takeSustainedLagMicros()).isZero();
  }

  @Test
  void aLoopLateOnEveryRunOrNotRunningAtAllIsLagging() {
    ManualScheduler loop = new ManualScheduler();
    var probe = new EventLoopLagProbe(List.of(loop), clock::get, Duration.ofMillis(100));
    probe.start();

    clock.set(400_000_000);
    loop.runNext(); // due at 100 ms: 300 ms late
    clock.set(750_000_000);
    loop.runNext(); // due at 500 ms: 250 ms late
    assertThat(probe.takeSustainedLagMicros()).isEqualTo(250_000);

    clock.set(1_600_000_000); // due at 850 ms, still not run
    assertThat(probe.takeSustainedLagMicros()).isEqualTo(750_000);
  }

  @Test
  void intervalIsInvalidWhenTheLoopLagsBeyondTheThresholdWithTheReason() {
    var thresholds = new HealthThresholds(Duration.ofMillis(200), 0.9);

    assertThat(thresholds.violations(new DriverHealth(200_000, 0.5, 0))).isEmpty();
    assertThat(thresholds.violations(new DriverHealth(250_000, 0.5, 0)))
        .containsExactly("driver event-loop lag 250 ms > 200 ms");
    assertThat(thresholds.violations(new DriverHealth(0, 0.93, 1_500_000)))
        .containsExactly("driver CPU 93 % > 90 %");
  }

  @Test
  void aUserWaitingForItsOwnBusyConnectionsIsThePlatformsLatencyNotAnInvalidInterval() {
    var thresholds = new HealthThresholds(Duration.ofMillis(200), 0.9);

    // 8 s behind slow responses on the user's own connections: counted in its latency already.
    assertThat(thresholds.violations(new DriverHealth(0, 0.2, 8_000_000))).isEmpty();
  }

  @Test
  void cpuProbeReportsCpuTimeOverWallTimeAndProcessors() {
    AtomicLong cpu = new AtomicLong();
    var probe = new ProcessCpuProbe(cpu::get, clock::get, 2);

    clock.set(1_000_000_000);
    cpu.set(1_500_000_000); // 1.5 s of CPU in 1 s on 2 cores
    assertThat(probe.takeLoad()).isEqualTo(0.75);
  }
}
