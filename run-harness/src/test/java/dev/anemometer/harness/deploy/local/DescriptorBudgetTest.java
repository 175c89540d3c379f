package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.tuning.TierTuning;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DescriptorBudgetTest {

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(printed, true, StandardCharsets.UTF_8), false);

  /** The local preset at 3,000 users: HAProxy maxconn 30,000 needs 60,000 descriptors. */
  private TierTuning localAt3000Users() {
    AnemometerConfig config =
        new ConfigLoader().load(null, "local", List.of("appInstances[0].users=3000"));
    return new TuningCalculator(8L << 30).compute(config, 0);
  }

  @Test
  void connectionLimitsBeyondTheOpenFileLimitAreLoweredWithANotice() {
    TierTuning fitted = new DescriptorBudget(20_000).fit(localAt3000Users(), "instance-0", console);

    assertThat(fitted.haproxy().maxconn()).isEqualTo(9_950);
    assertThat(fitted.nginx().workerConnections()).isEqualTo(19_900);
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("instance-0: HAProxy maxconn 30000 lowered to 9950 (open-file limit 20000");
  }

  @Test
  void limitsWithinTheBudgetStayAsTheyAre() {
    TierTuning tuning = localAt3000Users();

    TierTuning fitted = new DescriptorBudget(1_048_576).fit(tuning, "instance-0", console);

    assertThat(fitted).isEqualTo(tuning);
    assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
  }
}
