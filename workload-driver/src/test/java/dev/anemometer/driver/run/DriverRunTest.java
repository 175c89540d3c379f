package dev.anemometer.driver.run;

import static dev.anemometer.driver.operation.OperationType.GET_AUCTION_DETAIL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.loadpath.LoadPathSpec;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthSource;
import dev.anemometer.driver.stats.HealthThresholds;
import dev.anemometer.driver.support.FakeHttpClient;
import dev.anemometer.driver.support.RecordingPopulation;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

class DriverRunTest {

  private static final long SECOND = 1_000_000_000L;
  private static final DriverHealth STARVED = new DriverHealth(400_000, 0.2, 0);
  private final AtomicLong clock = new AtomicLong(7 * SECOND);
  private final List<RecordingPopulation> populations = new ArrayList<>();
  private volatile DriverHealth health = DriverHealth.NONE;
  private final List<String> events = new ArrayList<>();
  private final List<String> statusPhases = new ArrayList<>();
  private final List<String> statusSegments = new ArrayList<>();

  private DriverRun newRun(LoadPathSpec path) {
    return newRun(path, QosSpec.weathervaneDefaults().withoutMix());
  }

  private DriverRun newRun(LoadPathSpec path, QosSpec qos) {
    UsersConfig users = new UsersConfig(URI.create("http://127.0.0.1:1"), "default", 0, 1000, 4, 1);
    RunSpec spec =
        new RunSpec(
            "test",
            List.of(new TargetSpec("app0", users, path)),
            qos,
            HealthThresholds.DEFAULTS,
            Duration.ofSeconds(2),
            Duration.ofSeconds(1));
    HealthSource healthSource = () -> health;
    var generator =
        new LocalLoadGenerator(
            FakeHttpClient::new,
            (config, client, recorder, bids, time) -> {
              var population = new RecordingPopulation(config, recorder);
              populations.add(population);
              return population;
            },
            client -> healthSource,
            clock::get);
    return new DriverRun(spec, generator, clock::get)
        .addListener(
            new RunListener() {
              @Override
              public void onWindow(WindowResult window) {
                events.add("window " + window.index() + " " + window.verdict().passed());
              }

              @Override
              public void onStatus(StatusReport report) {
                events.add("status " + report.elapsedMillis() + " " + report.users());
                statusPhases.add(report.elapsedMillis() + " " + report.phase());
                statusSegments.add(
                    report.elapsedMillis()
                        + " "
                        + report.phase()
                        + " since "
                        + report.segmentStartMillis());
              }
            });
  }

  /** findMax in initial steps of 100 users (2 s), probes of 1 s ramp-up, 1 s warm-up, 2 s QoS. */
  private static FindMaxLoadPathSpec stepsOf100() {
    return new FindMaxLoadPathSpec(
        100,
        Duration.ofSeconds(2),
        Duration.ofSeconds(1),
        Duration.ofSeconds(1),
        Duration.ofSeconds(2),
        1.0,
        1,
        Duration.ofSeconds(2).multipliedBy(2),
        10_000,
        0,
        0);
  }

  private static FindMaxLoadPathSpec stepsOf100WithoutVerification() {
    FindMaxLoadPathSpec path = stepsOf100();
    return new FindMaxLoadPathSpec(
        path.initialStepUsers(),
        path.initialStepDuration(),
        path.probeRampUp(),
        path.probeWarmUp(),
        path.probeQosPeriod(),
        path.precisionPercent(),
        0,
        path.verificationQosPeriod(),
        path.maxUsers(),
        path.maxPassHint(),
        path.marginalBandPercent());
  }

  /** Ticks once per fake second; each second every active user completes one operation. */
  private RunResult drive(DriverRun run, IntUnaryOperator latencyMicrosForUsers) {
    return drive(run, latencyMicrosForUsers, users -> DriverHealth.NONE);
  }

  private RunResult drive(
      DriverRun run,
      IntUnaryOperator latencyMicrosForUsers,
      IntFunction<DriverHealth> healthForUsers) {
    run.begin();
    for (int second = 0; second < 10_000 && !run.allFinished(); second++) {
      clock.addAndGet(SECOND);
      RecordingPopulation population = populations.get(0);
      int users = population.activeUsers();
      health = healthForUsers.apply(users);
      population.eachUserRecords(
          GET_AUCTION_DETAIL, clock.get(), latencyMicrosForUsers.applyAsInt(users));
      run.tick();
    }
    return run.finish();
  }

  @Test
  void fixedRunFollowsThePathAndJudgesEachQosPeriodOnWhatRanInIt() {
    var path =
        new FixedLoadPathSpec(
            10,
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            2,
            Duration.ofSeconds(3),
            Duration.ofSeconds(2));

    RunResult result = drive(newRun(path), users -> 100_000);

    assertThat(populations.get(0).userCounts).containsExactly(0, 5, 10, 5, 0);
    TargetResult target = result.target("app0");
    assertThat(target.windows()).hasSize(2);
    // each QoS period: 3 seconds × 10 users, recorded in the seconds that ended inside it
    assertThat(target.windows())
        .allSatisfy(w -> assertThat(w.stats().operation(GET_AUCTION_DETAIL).total()).isEqualTo(30));
    assertThat(target.windows().get(0).startMillis()).isEqualTo(3_000);
    assertThat(target.windows().get(1).endMillis()).isEqualTo(9_000);
    assertThat(target.judged().operation(GET_AUCTION_DETAIL).total()).isEqualTo(60);
    assertThat(target.whole().operation(GET_AUCTION_DETAIL).total()).isEqualTo(5 + 10 * 8 + 5);
    assertThat(result.passed()).isTrue();
    assertThat(result.valid()).isTrue();
    // The status of 0–2 s is the ramp-up's, with its 5 users, though the path moved on at 2 s.
    assertThat(events).contains("window 0 true", "window 1 true", "status 2000 5");
    assertThat(populations.get(0).closed()).isTrue();
  }

  @Test
  void eachStatusIntervalCarriesThePhaseItsOperationsRanIn() {
    var path =
        new FixedLoadPathSpec(
            10,
            Duration.ofSeconds(2),
            Duration.ofSeconds(2),
            1,
            Duration.ofSeconds(4),
            Duration.ofSeconds(2));

    drive(newRun(path), users -> 100_000);

    // status every 2 s: ramp-up 0–2, warm-up 2–4, QoS 4–8, ramp-down 8–10
    assertThat(statusPhases)
        .containsExactly("2000 RAMP_UP", "4000 WARM_UP", "6000 QOS", "8000 QOS", "10000 RAMP_DOWN");
  }

  @Test
  void slowOperationsFailTheRunWithTheReason() {
    var path =
        new FixedLoadPathSpec(
            10, Duration.ZERO, Duration.ZERO, 1, Duration.ofSeconds(3), Duration.ZERO);

    RunResult result = drive(newRun(path), users -> 2_500_000);

    assertThat(result.passed()).isFalse();
    assertThat(result.target("app0").windows().get(0).verdict().failureMessages())
        .containsExactly("GetAuctionDetail p99 2.5 s > 2 s (0 % within)");
  }

  // The stacks below carry 537 users; searched to 1 % between the step that held (500) and the one
  // that failed (600), the probes bisect at geometric midpoints (548, 523, 535, 541) to 535.
  @Test
  void findMaxRunFindsTheUserCountWhereLatencyCrossesTheLimit() {
    var path = stepsOf100();

    RunResult result = drive(newRun(path), users -> users <= 537 ? 500_000 : 2_500_000);

    assertThat(result.target("app0").peakUsers()).isEqualTo(535);
    assertThat(result.passed()).isTrue();
  }

  @Test
  void aProbeAfterAnOverloadWaitsUntilTheBacklogHasDrainedSoTheAnswerIsNotDraggedDown() {
    // A stack with a memory: every second above 537 users leaves 8 s of backlog, which drains by
    // 1 s per second once the load is below; while any is left every operation takes 2.5 s. A
    // recovery of a fixed 20 s would start the next probe into the backlog and fail it.
    var path = stepsOf100();
    int[] backlogSeconds = {0};
    IntUnaryOperator stackWithBacklog =
        users -> {
          if (users > 537) {
            backlogSeconds[0] += 8;
          } else if (backlogSeconds[0] > 0) {
            backlogSeconds[0]--;
          }
          return users > 537 || backlogSeconds[0] > 0 ? 2_500_000 : 500_000;
        };

    RunResult result = drive(newRun(path), stackWithBacklog);

    assertThat(result.target("app0").peakUsers()).isEqualTo(535);
  }

  @Test
  void probesThatMissTheMixAloneFarInsideTheirLimitsAreCalibrationDefectsNotTheCapacity() {
    // Every user runs GetAuctionDetail only: every probe misses the expected mix. Below 537 users
    // the response time is a twentieth of its limit, above it is beyond: capacity decides.
    var path = stepsOf100();

    RunResult result =
        drive(
            newRun(path, QosSpec.weathervaneDefaults()),
            users -> users <= 537 ? 100_000 : 2_500_000);

    TargetResult target = result.target("app0");
    assertThat(target.peakUsers()).isEqualTo(535);
    assertThat(dev.anemometer.driver.output.CalibrationDefects.describe(target.windows()))
        .isNotEmpty()
        .allMatch(line -> line.contains("failed on the mix alone"))
        .allMatch(line -> line.contains("a calibration defect of the behaviour, not capacity"));
    assertThat(target.windows())
        .filteredOn(w -> w.users() > 537 && !w.verdict().passed())
        .noneMatch(w -> w.verdict().calibrationDefect());
  }

  @Test
  void aFindMaxSearchWhoseDriverStarvesInTwoWindowsInARowEndsInvalid() {
    var path = stepsOf100();

    RunResult result =
        drive(
            newRun(path),
            users -> users <= 537 ? 500_000 : 2_500_000,
            users -> users <= 537 ? DriverHealth.NONE : STARVED);

    List<WindowResult> windows = result.target("app0").windows();
    // The step at 600 starved the driver; it ran once more after a drain and starved it again.
    assertThat(windows.subList(windows.size() - 2, windows.size()))
        .extracting(WindowResult::users)
        .containsExactly(600, 600);
    assertThat(windows.subList(windows.size() - 2, windows.size()))
        .allMatch(w -> !w.verdict().valid());
    assertThat(result.valid()).isFalse();
  }

  /**
   * Above 520 users the stack's queues grow: it answers in time for 3 s at such a load, then in 2.5
   * s. A probe judged over 2 s after its ramp and warm-up can pass there; the verification, judged
   * over 4 s, cannot (decision 0009).
   */
  private static IntUnaryOperator queuesGrowingAbove520() {
    int[] secondsAbove = {0};
    return users -> {
      secondsAbove[0] = users > 520 ? secondsAbove[0] + 1 : 0;
      return secondsAbove[0] > 3 ? 2_500_000 : 500_000;
    };
  }

  @Test
  void aLoadThatHoldsForAShortProbeButNotForTheLongerVerificationIsNotTheAnswer() {
    RunResult result = drive(newRun(stepsOf100()), queuesGrowingAbove520());

    assertThat(result.target("app0").peakUsers()).isBetween(515, 520);
    assertThat(result.target("app0").windows())
        .as("a verification above 520 users failed, and the search went on below it")
        .anyMatch(
            w ->
                w.users() > 520
                    && !w.verdict().passed()
                    && w.endMillis() - w.startMillis() == 4_000);
  }

  @Test
  void withoutTheVerificationAShortProbesPassAboveTheLimitWouldBeTheAnswer() {
    RunResult result = drive(newRun(stepsOf100WithoutVerification()), queuesGrowingAbove520());

    assertThat(result.target("app0").peakUsers()).isGreaterThan(520);
  }

  @Test
  void aFindMaxAnswerRestingOnAnInvalidPassedWindowIsInvalid() {
    var path = stepsOf100();

    RunResult result =
        drive(
            newRun(path),
            users -> users <= 537 ? 500_000 : 2_500_000,
            users -> users > 400 && users <= 537 ? STARVED : DriverHealth.NONE);

    assertThat(result.valid()).isFalse();
  }

  @Test
  void aWindowTheDriverStarvedInRunsAgainAndTheAnswerStandsOnValidWindows() {
    var path = stepsOf100();
    // The step at 500 users ramps from 400 in its window; the driver starves while they arrive.
    int[] secondsTo500 = {0};

    RunResult result =
        drive(
            newRun(path),
            users -> users <= 537 ? 500_000 : 2_500_000,
            users ->
                users > 400 && users < 500 && secondsTo500[0]++ < 2 ? STARVED : DriverHealth.NONE);

    List<WindowResult> windows = result.target("app0").windows();
    assertThat(windows)
        .as("the step at 500 users passed but was invalid, and ran again, valid")
        .anyMatch(w -> w.users() == 500 && w.verdict().passed() && !w.verdict().valid())
        .anyMatch(w -> w.users() == 500 && w.verdict().passed() && w.verdict().valid());
    assertThat(result.target("app0").peakUsers()).isEqualTo(535);
    assertThat(windows)
        .as("the probe at the peak passed and was valid")
        .anyMatch(w -> w.users() == 535 && w.verdict().passed() && w.verdict().valid());
    assertThat(result.valid()).isTrue();
  }

  @Test
  void eachFindMaxStepStartsASegmentOfItsOwnThoughThePhaseStaysTheSame() {
    var path = stepsOf100();

    drive(newRun(path), users -> users <= 537 ? 500_000 : 2_500_000);

    // status every 2 s: ramp-up 0–1, warm-up 1–2, step 100 judged 2–4; each later step ramps in
    // its own judged window of 2 s (200 from 4 s): the same phase, a segment of its own. The step
    // at 600 fails on its ramp and the first probe starts after a drain.
    assertThat(statusSegments)
        .startsWith("2000 WARM_UP since 1000", "4000 STEP since 2000", "6000 STEP since 4000")
        .containsSubsequence(
            "14000 STEP since 12000", "16000 RAMP_DOWN since 14000", "38000 QOS since 36000");
  }

  @Test
  void intervalsWhereTheDriverLaggedMakeTheRunInvalid() {
    var path =
        new FixedLoadPathSpec(
            5, Duration.ZERO, Duration.ZERO, 2, Duration.ofSeconds(2), Duration.ZERO);
    DriverRun run = newRun(path);
    run.begin();
    for (int second = 1; second <= 5; second++) {
      clock.addAndGet(SECOND);
      health = second == 3 ? new DriverHealth(400_000, 0.2, 0) : DriverHealth.NONE;
      populations.get(0).eachUserRecords(GET_AUCTION_DETAIL, clock.get(), 1_000);
      run.tick();
    }
    RunResult result = run.finish();

    List<WindowResult> windows = result.target("app0").windows();
    assertThat(windows.get(0).verdict().valid()).isTrue();
    assertThat(windows.get(1).verdict().invalidReasons())
        .containsExactly("driver event-loop lag 400 ms > 200 ms");
    assertThat(result.valid()).isFalse();
  }

  @Test
  void severalTargetsRunAtOnceEachWithItsOwnUsersAndPath() {
    UsersConfig first = new UsersConfig(URI.create("http://127.0.0.1:1"), "default", 0, 10, 4, 1);
    UsersConfig second = new UsersConfig(URI.create("http://127.0.0.1:2"), "default", 10, 30, 4, 2);
    var shortPath =
        new FixedLoadPathSpec(
            10, Duration.ZERO, Duration.ZERO, 1, Duration.ofSeconds(2), Duration.ZERO);
    var longPath =
        new FixedLoadPathSpec(
            30, Duration.ZERO, Duration.ZERO, 2, Duration.ofSeconds(2), Duration.ZERO);
    RunSpec spec =
        RunSpec.of(
            "two",
            List.of(
                new TargetSpec("app0", first, shortPath), new TargetSpec("app1", second, longPath)),
            QosSpec.weathervaneDefaults().withoutMix());
    HealthSource healthy = () -> DriverHealth.NONE;
    var generator =
        new LocalLoadGenerator(
            FakeHttpClient::new,
            (config, client, recorder, bids, time) -> {
              var population = new RecordingPopulation(config, recorder);
              populations.add(population);
              return population;
            },
            client -> healthy,
            clock::get);
    DriverRun run = new DriverRun(spec, generator, clock::get);
    run.begin();
    while (!run.allFinished()) {
      clock.addAndGet(SECOND);
      populations.forEach(p -> p.eachUserRecords(GET_AUCTION_DETAIL, clock.get(), 1_000));
      run.tick();
    }
    RunResult result = run.finish();

    assertThat(populations.get(0).config.target()).hasPort(1);
    assertThat(populations.get(0).userCounts).containsExactly(10, 0);
    assertThat(populations.get(1).userCounts).containsExactly(30, 0);
    assertThat(result.target("app0").windows()).hasSize(1);
    assertThat(result.target("app1").windows()).hasSize(2);
    assertThat(result.target("app1").judged().operation(GET_AUCTION_DETAIL).total())
        .isEqualTo(4 * 30);
    assertThat(result.passed()).isTrue();
  }

  @Test
  void usersSetByHandReplaceThePathUntilCleared() {
    var path =
        new FixedLoadPathSpec(
            10, Duration.ZERO, Duration.ZERO, 1, Duration.ofSeconds(10), Duration.ZERO);
    DriverRun run = newRun(path);
    run.begin();
    clock.addAndGet(SECOND);
    run.overrideUsers("app0", 3);
    run.tick();
    assertThat(populations.get(0).activeUsers()).isEqualTo(3);
    assertThat(run.activeUsers()).containsEntry("app0", 3);
    clock.addAndGet(SECOND);
    run.clearOverride("app0");
    run.tick();
    assertThat(populations.get(0).userCounts).containsExactly(10, 3, 10);
  }
}
