package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The resolved config is saved with the results, which are shared: no password goes with it. */
class SecretsNotSavedTest {

  private final ConfigLoader fourCores = new ConfigLoader(CpuList.parse("0-3"));

  @Test
  void theDatabasePasswordIsReadButNeverWrittenToTheSavedConfig() {
    AnemometerConfig config =
        fourCores.load(
            null,
            "local",
            List.of(
                "appInstances[0].tiers.db.impl=postgres-external",
                "appInstances[0].tiers.db.jdbcUrl=jdbc:postgresql://db.lab:5432/auction",
                "appInstances[0].tiers.db.user=bench",
                "appInstances[0].tiers.db.password=hunter2-s3cret"));

    assertThat(config.appInstances().get(0).tiers().db().password()).isEqualTo("hunter2-s3cret");
    String saved = ConfigLoader.toYaml(config);
    assertThat(saved)
        .contains("jdbc:postgresql://db.lab:5432/auction")
        .contains("user: bench")
        .doesNotContain("hunter2-s3cret")
        .doesNotContain("password");
  }
}
