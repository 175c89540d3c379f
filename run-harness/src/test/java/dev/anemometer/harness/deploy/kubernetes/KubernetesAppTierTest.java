package dev.anemometer.harness.deploy.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a reactive policy sees of the app pods' CPU on a cluster. */
class KubernetesAppTierTest {

  @Test
  void cpuPerAppPodIsTheGrowthOfThePodsSeenTwiceOverTheTimeBetween() {
    List<List<TargetCpu.Use>> readings = new ArrayList<>();
    TargetCpu cpu = () -> readings.remove(0);
    long second = 1_000_000_000L;
    List<Long> clock = new ArrayList<>(List.of(5 * second, 5 * second + second / 5));
    StackModel model =
        StackModel.of(
            new ConfigLoader().load(null, "xsmall", List.of("target=kubernetes")),
            0,
            new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES));
    KubernetesAppTier tier =
        new KubernetesAppTier(
            null,
            null,
            new InstanceNamespace(0, "ns", model, List.of(), URI.create("http://nginx:8080")),
            Duration.ofMinutes(1),
            cpu,
            () -> clock.remove(0));
    readings.add(List.of(use("app", 0, "app-a", 0), use("app", 0, "app-b", 0)));
    // 200 ms later the counts grew by what 1.5 and 0.5 cores do in 200 ms,
    // a new pod and the database are not counted, nor another instance's app pod.
    readings.add(
        List.of(
            use("app", 0, "app-a", 3 * second / 10),
            use("app", 0, "app-b", second / 10),
            use("app", 0, "app-c", 9 * second),
            use("db", 0, "postgres-0", 9 * second),
            use("app", 1, "app-x", 9 * second)));

    assertThat(tier.cpuUtilization()).as("nothing to compare the first reading with").isEmpty();
    double cores = tier.cpuUtilization().orElseThrow();

    assertThat(cores).isCloseTo(1.0, within(1e-9));
  }

  private static TargetCpu.Use use(String tier, int instance, String pod, long nanos) {
    return new TargetCpu.Use(new TierProcess(tier, instance, pod, 0), nanos);
  }
}
