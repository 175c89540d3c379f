package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.deploy.DatabaseEndpoint;
import org.junit.jupiter.api.Test;

class SecretKeysTest {

  @Test
  void aPasswordInAJdbcUrlsQueryIsMaskedWhereverItStands() {
    assertThat(SecretKeys.withoutUrlSecrets("jdbc:postgresql://h/db?password=secret"))
        .isEqualTo("jdbc:postgresql://h/db?password=********");
    assertThat(
            SecretKeys.withoutUrlSecrets(
                "jdbc:postgresql://h:5432/db?user=bench&password=s3cr%3Bt&ssl=true"))
        .isEqualTo("jdbc:postgresql://h:5432/db?user=bench&password=********&ssl=true");
    assertThat(SecretKeys.withoutUrlSecrets("jdbc:postgresql://h/db?sslpassword=k3y&PASSWORD=x"))
        .isEqualTo("jdbc:postgresql://h/db?sslpassword=********&PASSWORD=********");
  }

  @Test
  void thePasswordOfAUrlsUserInfoIsMaskedButNotAPort() {
    assertThat(SecretKeys.withoutUrlSecrets("jdbc:postgresql://bench:secret@db.lab:5432/auction"))
        .isEqualTo("jdbc:postgresql://bench:********@db.lab:5432/auction");
    assertThat(SecretKeys.withoutUrlSecrets("postgresql://bench:p@ss@db/x?a=b@c"))
        .isEqualTo("postgresql://bench:********@db/x?a=b@c");
    assertThat(SecretKeys.withoutUrlSecrets("jdbc:postgresql://db.lab:5432/auction?user=bench"))
        .isEqualTo("jdbc:postgresql://db.lab:5432/auction?user=bench");
    assertThat(SecretKeys.withoutUrlSecrets("jdbc:postgresql://h1:5432,h2:5433/db"))
        .isEqualTo("jdbc:postgresql://h1:5432,h2:5433/db");
  }

  @Test
  void anEmptyPasswordAndTextWithoutAUrlStayAsTheyAre() {
    assertThat(SecretKeys.withoutUrlSecrets("jdbc:postgresql://h/db?password="))
        .isEqualTo("jdbc:postgresql://h/db?password=");
    assertThat(SecretKeys.withoutUrlSecrets("30s")).isEqualTo("30s");
    assertThat(SecretKeys.withoutUrlSecrets("a=b&password=c")).isEqualTo("a=b&password=c");
  }

  @Test
  void aValueOrArgumentHoldingSuchAUrlIsMaskedUnderAnyKey() {
    assertThat(SecretKeys.shown("anemometer.database.url", "jdbc:postgresql://h/db?password=pw"))
        .isEqualTo("jdbc:postgresql://h/db?password=********");
    assertThat(SecretKeys.shownArgument("--spring.datasource.url=jdbc:postgresql://u:pw@h/db"))
        .isEqualTo("--spring.datasource.url=jdbc:postgresql://u:********@h/db");
    assertThat(SecretKeys.shownArgument("jdbc:postgresql://h/db?password=pw"))
        .isEqualTo("jdbc:postgresql://h/db?password=********");
  }

  @Test
  void aDatabaseEndpointNamesItsUrlWithoutThePasswordWrittenInIt() {
    DatabaseEndpoint endpoint =
        new DatabaseEndpoint("jdbc:postgresql://h/db?password=in-url", "bench", "apart");

    assertThat(endpoint.toString())
        .isEqualTo("jdbc:postgresql://h/db?password=******** as bench")
        .doesNotContain("in-url", "apart");
  }
}
