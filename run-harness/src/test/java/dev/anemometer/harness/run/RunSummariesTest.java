package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.spec.ExitCodes;
import org.junit.jupiter.api.Test;

class RunSummariesTest {

  @Test
  void ctrlCDecidesTheVerdictEvenWhenTheLoadSaidItFailed() {
    assertThat(RunSummaries.verdict(ExitCodes.QOS_FAILED, true)).isEqualTo("INTERRUPTED");
    assertThat(RunSummaries.verdict(ExitCodes.QOS_FAILED, false)).isEqualTo("FAILED");
    assertThat(RunSummaries.verdict(ExitCodes.PASSED, false)).isEqualTo("PASSED");
    assertThat(RunSummaries.verdict(3, false)).isEqualTo("ERROR");
  }
}
