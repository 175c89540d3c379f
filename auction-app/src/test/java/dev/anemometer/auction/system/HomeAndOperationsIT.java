package dev.anemometer.auction.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.ApiResponse;
import dev.anemometer.auction.support.AppIntegrationTest;
import org.junit.jupiter.api.Test;

class HomeAndOperationsIT extends AppIntegrationTest {

  @Test
  void homePageAndItsAssetsAreServed() {
    ApiResponse home = api.get("/", null);

    assertThat(home.status()).isEqualTo(200);
    assertThat(home.contentType()).startsWith("text/html");
    assertThat(home.text()).contains("/css/auction.css", "/js/auction.js");
    assertThat(api.get("/css/auction.css", null).status()).isEqualTo(200);
    assertThat(api.get("/js/auction.js", null).status()).isEqualTo(200);
  }

  @Test
  void probesAndPrometheusAreExposed() {
    assertThat(api.get("/actuator/health/liveness", null).status()).isEqualTo(200);
    assertThat(api.get("/actuator/health/readiness", null).status()).isEqualTo(200);
    ApiResponse metrics = api.get("/actuator/prometheus", null);
    assertThat(metrics.status()).isEqualTo(200);
    assertThat(metrics.text()).contains("hikaricp_connections", "cache_gets");
  }

  @Test
  void unknownPathIsAProblem404() {
    ApiResponse response = api.get("/api/no/such/thing", null);

    assertThat(response.status()).isEqualTo(404);
    assertThat(response.contentType()).startsWith("application/problem+json");
    assertThat(response.json().get("type").asString())
        .isEqualTo("https://anemometer.dev/problems/not-found");
  }
}
