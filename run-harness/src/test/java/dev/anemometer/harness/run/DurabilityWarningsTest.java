package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

class DurabilityWarningsTest {

  @Test
  void synchronousCommitOffIsRecordedAsAWarningNamingTheKey() {
    AnemometerConfig config =
        new ConfigLoader()
            .load(
                null,
                "local",
                List.of("appInstances[0].tuning={postgres: {synchronousCommit: 'off'}}"));

    assertThat(DurabilityWarnings.of(config))
        .singleElement()
        .asString()
        .startsWith("appInstances[0].tuning.postgres.synchronousCommit: off")
        .contains("not mean the bid is durable");
  }

  @Test
  void fsyncOffAmongTheExtraSettingsIsOneToo() {
    AnemometerConfig config =
        new ConfigLoader()
            .load(
                null,
                "local",
                List.of("appInstances[0].tuning={postgres: {settings: {fsync: 'off'}}}"));

    assertThat(DurabilityWarnings.of(config))
        .singleElement()
        .asString()
        .startsWith("appInstances[0].tuning.postgres.settings.fsync: off");
  }

  @Test
  void aDurableConfigHasNoWarningsKey() {
    assertThat(DurabilityWarnings.of(new ConfigLoader().load(null, "local", List.of()))).isNull();
  }
}
