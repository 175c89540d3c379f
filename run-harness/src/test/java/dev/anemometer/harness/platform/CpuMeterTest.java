package dev.anemometer.harness.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.json.EventLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuMeterTest {

  static final long SECOND = 1_000_000_000L;

  @TempDir Path temp;

  private final AtomicLong now = new AtomicLong(1_000 * SECOND);
  private final Map<Long, String> stats = new HashMap<>();
  private long harnessNanos;

  @Test
  void aWindowIsMeasuredFromTheSampleNearestItsStartToItsEnd() throws Exception {
    TierProcess app = new TierProcess("app", 0, "instance-0-app-0", 11);
    CpuSampler sampler =
        new CpuSampler(
            () -> List.of(app),
            new ProcessTreeCpu(ProcessTreeCpuTest.proc(stats, Map.of())),
            () -> harnessNanos);
    Path events = temp.resolve("events.jsonl");
    CpuMeter meter =
        new CpuMeter(sampler, now::get, new EventLog(events, Clock.systemUTC()), false);

    cpu(0, 0);
    meter.onStart(null);
    meter.onUsersChanged("instance-0", 0, 40, LoadPhase.QOS);
    for (int second = 1; second <= 30; second++) {
      now.addAndGet(SECOND);
      cpu(second * 10, second * 2); // the app 0.1 core, the harness 0.02 s a second
      meter.sampleNow();
    }
    // The window began at 10.4 s: the sample at 10 s is the nearest.
    now.addAndGet(SECOND);
    cpu(31 * 10 + 100, 31 * 2); // and one busy second before it closed
    meter.onWindow(
        new WindowResult(
            "instance-0",
            2,
            10_400,
            31_000,
            40,
            IntervalStats.empty(0, 0),
            new QosVerdict(true, List.of(), List.of()),
            Double.NaN));

    WindowCpu window = meter.windows().get(0);
    assertThat(window.wallSeconds()).isEqualTo(21.0);
    // (410 - 100) ticks = 3.1 s of the app over 21 s.
    assertThat(window.tiers().get(0)).isEqualTo(TierCpu.of("app", 1, 3_100_000_000L, 21.0, 40));
    assertThat(window.tiers().get(1).cpuSeconds()).isEqualTo(0.42);
    assertThat(window.passed()).isTrue();
    assertThat(Files.readString(events))
        .contains("\"type\":\"cpu\"", "\"name\":\"instance-0\"", "\"tier\":\"app\"");
  }

  @Test
  void windowTimesCountFromTheDriversStartNotFromWhenItsUsersWereUp() throws Exception {
    TierProcess app = new TierProcess("app", 0, "instance-0-app-0", 11);
    CpuMeter meter =
        new CpuMeter(
            new CpuSampler(
                () -> List.of(app),
                new ProcessTreeCpu(ProcessTreeCpuTest.proc(stats, Map.of())),
                () -> harnessNanos),
            now::get,
            new EventLog(temp.resolve("events.jsonl"), Clock.systemUTC()),
            false);
    cpu(0, 0);
    meter.sampleNow(); // the driver started here, at 1,000 s
    now.addAndGet(2 * SECOND); // and took 2 s to start its users
    meter.onStart(null);
    for (int second = 3; second <= 10; second++) {
      now.addAndGet(SECOND);
      cpu(second * 10, 0);
      meter.sampleNow();
    }
    meter.onUsersChanged("instance-0", 10_000, 40, LoadPhase.QOS);

    meter.onWindow(
        new WindowResult(
            "instance-0",
            0,
            0,
            10_000,
            40,
            IntervalStats.empty(0, 0),
            new QosVerdict(false, List.of(), List.of()),
            Double.NaN));

    // Paired with the sample at the driver's start, not with the one at onStart.
    assertThat(meter.windows().get(0).wallSeconds()).isEqualTo(10.0);
    assertThat(meter.windows().get(0).tiers().get(0).cpuSeconds()).isEqualTo(1.0);
  }

  @Test
  void targetsAreNamedAfterTheirAppInstance() {
    assertThat(CpuMeter.appInstance("instance-3")).isEqualTo(3);
    assertThat(CpuMeter.appInstance("custom")).isEqualTo(-1);
  }

  private void cpu(long appTicks, long harnessCentiseconds) {
    stats.put(11L, ProcessTreeCpuTest.stat(11, "java", appTicks, 0, 0, 0));
    harnessNanos = harnessCentiseconds * 10_000_000L;
  }
}
