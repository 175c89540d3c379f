package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The resolved config is saved with the results, which are shared: no password goes with it. */
class SecretsNotSavedTest {

  private final ConfigLoader loader = new ConfigLoader();

  @Test
  void theDatabasePasswordIsReadButNeverWrittenToTheSavedConfig() {
    AnemometerConfig config =
        local(
            "appInstances[0].tiers.db.impl=postgres-external",
            "appInstances[0].tiers.db.jdbcUrl=jdbc:postgresql://db.lab:5432/auction",
            "appInstances[0].tiers.db.user=bench",
            "appInstances[0].tiers.db.password=hunter2-s3cret");

    assertThat(config.appInstances().get(0).tiers().db().password()).isEqualTo("hunter2-s3cret");
    String saved = ConfigLoader.toYaml(config);
    assertThat(saved)
        .contains("jdbc:postgresql://db.lab:5432/auction")
        .contains("user: bench")
        .doesNotContain("hunter2-s3cret")
        .doesNotContain("password");
  }

  @Test
  void aPasswordWrittenIntoTheJdbcUrlIsMaskedInTheSavedConfig() {
    AnemometerConfig config =
        local(
            "appInstances[0].tiers.db.impl=postgres-external",
            "appInstances[0].tiers.db.jdbcUrl=jdbc:postgresql://bench:in-userinfo@db.lab:5432/"
                + "auction?ssl=true&password=in-query",
            "appInstances[0].tiers.db.user=bench");

    assertThat(config.appInstances().get(0).tiers().db().jdbcUrl()).contains("in-query");
    String saved = ConfigLoader.toYaml(config);
    assertThat(saved)
        .contains("jdbc:postgresql://bench:********@db.lab:5432/auction?ssl=true&password=********")
        .doesNotContain("in-userinfo")
        .doesNotContain("in-query");
  }

  @Test
  void anAppPropertyNamingASecretIsMaskedInTheSavedConfig() {
    AnemometerConfig config =
        local(
            "appInstances[0].tuning.app.properties={spring.mail.password: mail-s3cret,"
                + " spring.datasource.url: 'jdbc:postgresql://h/db?password=prop-s3cret'}");

    assertThat(config.appInstances().get(0).tuning().app().properties())
        .containsEntry("spring.mail.password", "mail-s3cret");
    String saved = ConfigLoader.toYaml(config);
    assertThat(saved)
        .contains("spring.mail.password: '" + SecretKeys.MASK + "'")
        .doesNotContain("mail-s3cret")
        .doesNotContain("prop-s3cret");
  }

  private AnemometerConfig local(String... assignments) {
    return loader.load(null, "local", List.of(assignments));
  }
}
