package dev.anemometer.harness.deploy.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.util.List;
import org.junit.jupiter.api.Test;

class ControllerJobTest {

  static final TuningCalculator TUNING =
      new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES);

  @Test
  void findMaxSearchesUpToTheConfigsCeilingWithTheSearchsOwnPhasesPrecisionAndHint() {
    AnemometerConfig config = config("strategy=findMax", "appInstances[0].maxUsers=9000");

    List<String> args = ControllerJob.arguments(config, 0, StackModel.of(config, 0, TUNING));

    assertThat(args)
        .startsWith("controller", "--workers", "$(DRIVER_WORKERS)")
        .as("the default ceiling is 4/5 of maxUsers, its first step a tenth of it")
        .containsSequence("--find-max", "--max-users", "7200")
        .containsSequence("--users", "720")
        .containsSequence("--step-duration", "20s")
        .containsSequence("--ramp-up", "30s", "--warm-up", "30s", "--duration", "1m")
        .containsSequence("--precision", "2.5")
        .containsSequence("--max-pass-hint", "0")
        .containsSequence("--verifications", "1", "--verification-duration", "2m")
        .containsSequence("--accounts", "45000")
        .doesNotContain("--qos-periods");
  }

  @Test
  void anIntervalLoadPathIsABadConfigurationOnKubernetes() {
    AnemometerConfig config =
        config(
            "strategy=interval",
            "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: 10,"
                + " duration: 60s}]}");

    assertThatThrownBy(() -> ControllerJob.requireSupported(config))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("strategy: interval is not available on target kubernetes");
  }

  @Test
  void theSummaryIsWhatFollowsTheLastMarker() {
    String log =
        "started\n"
            + ControllerJob.SUMMARY_MARKER
            + "\n{\"old\": true}\n"
            + ControllerJob.SUMMARY_MARKER
            + "\n{\"passed\": true}\n";

    assertThat(ControllerJob.summary(log)).contains("{\"passed\": true}");
    assertThat(ControllerJob.summary("crashed before the end\n")).isEmpty();
    assertThat(ControllerJob.summary(ControllerJob.SUMMARY_MARKER + "\ncat: no such file\n"))
        .as("the driver died before writing summary.json")
        .isEmpty();
    assertThat(ControllerJob.summary(null)).isEmpty();
  }

  private static AnemometerConfig config(String... assignments) {
    List<String> all = new java.util.ArrayList<>(List.of("target=kubernetes"));
    all.addAll(List.of(assignments));
    return new ConfigLoader().load(null, "quickstart", all);
  }
}
