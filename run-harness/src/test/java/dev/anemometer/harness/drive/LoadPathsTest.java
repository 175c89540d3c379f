package dev.anemometer.harness.drive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;
import dev.anemometer.driver.loadpath.SegmentSpec;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness's strategies become the driver's load paths with the config's phases. */
class LoadPathsTest {

  private final ConfigLoader loader = new ConfigLoader();

  @Test
  void fixedUsesTheQosPhases() {
    AnemometerConfig config = loader.load(null, "quickstart", List.of());

    assertThat(LoadPaths.of(config, 0))
        .isEqualTo(
            new FixedLoadPathSpec(
                100,
                Duration.ofSeconds(30),
                Duration.ofSeconds(60),
                1,
                Duration.ofSeconds(60),
                Duration.ofSeconds(5)));
    assertThat(LoadPaths.length(config)).isEqualTo(Duration.ofSeconds(155));
  }

  @Test
  void usersAreDerivedFromMaxUsersInOnePlace() {
    AnemometerConfig config =
        loader.load(null, "quickstart", List.of("appInstances[0].maxUsers=300"));
    URI entry = URI.create("http://localhost:8080");

    UsersConfig users = LoadPaths.users(config, 0, entry);

    assertThat(users)
        .isEqualTo(new UsersConfig(entry, "default", 1, 1500, LoadPaths.CONNECTIONS_PER_USER, 42L));
  }

  @Test
  void intervalMapsEverySegmentType() {
    AnemometerConfig config =
        loader.load(
            null,
            "local",
            List.of(
                "strategy=interval",
                "appInstances[0].loadPath.segments=[{type: uniform, users: 10, duration: 1m},"
                    + " {type: ramp, from: 10, to: 100, duration: 2m, step: 30s},"
                    + " {type: sine, min: 50, max: 100, period: 1m, duration: 2m},"
                    + " {type: spike, base: 50, peak: 300, at: 10s, duration: 20s, total: 1m}]"));

    IntervalLoadPathSpec path = (IntervalLoadPathSpec) LoadPaths.of(config, 0);

    assertThat(path.segments())
        .containsExactly(
            new SegmentSpec.Uniform(10, Duration.ofMinutes(1)),
            new SegmentSpec.Ramp(10, 100, Duration.ofMinutes(2), Duration.ofSeconds(30)),
            new SegmentSpec.Sine(50, 100, Duration.ofMinutes(1), Duration.ofMinutes(2)),
            new SegmentSpec.Spike(
                50, 300, Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofMinutes(1)));
    assertThat(path.repeat()).isEqualTo(1);
    assertThat(LoadPaths.length(config)).isEqualTo(Duration.ofMinutes(6));
  }

  @Test
  void anIntervalPathRunsItsSegmentsAsOftenAsItRepeats() {
    AnemometerConfig config =
        loader.load(
            null,
            "local",
            List.of(
                "strategy=interval",
                "appInstances[0].loadPath={type: interval, repeat: 3,"
                    + " segments: [{type: uniform, users: 10, duration: 1m}]}"));

    assertThat(((IntervalLoadPathSpec) LoadPaths.of(config, 0)).repeat()).isEqualTo(3);
    assertThat(LoadPaths.length(config)).isEqualTo(Duration.ofMinutes(3));
  }

  @Test
  void findMaxSearchesUpToFourFifthsOfMaxUsersInTenthsWithItsOwnShortPhases() {
    AnemometerConfig config = loader.load(null, "local", List.of("strategy=findMax"));

    FindMaxLoadPathSpec path = (FindMaxLoadPathSpec) LoadPaths.of(config, 0);

    assertThat(path.initialStepUsers()).isEqualTo(240);
    assertThat(path.maxUsers()).isEqualTo(2400);
    assertThat(path.initialStepDuration()).isEqualTo(Duration.ofSeconds(20));
    assertThat(path.probeRampUp()).isEqualTo(Duration.ofSeconds(30));
    assertThat(path.probeWarmUp()).isEqualTo(Duration.ofSeconds(30));
    assertThat(path.probeQosPeriod()).isEqualTo(Duration.ofMinutes(1));
    assertThat(path.verificationRepeats()).isEqualTo(1);
    assertThat(path.verificationQosPeriod()).isEqualTo(Duration.ofMinutes(2));
    assertThat(path.precisionPercent()).isEqualTo(2.5);
    assertThat(path.marginalBandPercent()).isEqualTo(25);
    assertThat(path.maxPassHint()).isZero();
  }

  @Test
  void aHintStartsTheSearchNearItAndIsCappedAtTheCeiling() {
    AnemometerConfig one =
        loader.load(null, "local", List.of("strategy=findMax", "findMax.maxPassHint=1800"));
    AnemometerConfig tooHigh =
        loader.load(null, "local", List.of("strategy=findMax", "findMax.maxPassHint=9000"));

    assertThat(((FindMaxLoadPathSpec) LoadPaths.of(one, 0)).maxPassHint()).isEqualTo(1800);
    assertThat(((FindMaxLoadPathSpec) LoadPaths.of(tooHigh, 0)).maxPassHint()).isEqualTo(2400);
  }

  @Test
  void theFindMaxBlockSetsTheSearch() {
    AnemometerConfig config =
        loader.load(
            null,
            "local",
            List.of(
                "strategy=findMax",
                "findMax={initialStep: 50, ceiling: 400, precision: 5, verifications: 1}"));

    FindMaxLoadPathSpec path = (FindMaxLoadPathSpec) LoadPaths.of(config, 0);

    assertThat(path.initialStepUsers()).isEqualTo(50);
    assertThat(path.maxUsers()).isEqualTo(400);
    assertThat(path.precisionPercent()).isEqualTo(5.0);
    assertThat(path.verificationRepeats()).isEqualTo(1);
  }
}
