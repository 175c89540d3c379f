package dev.anemometer.driver.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestOriginTest {

  private final RequestOrigin loopback =
      RequestOrigin.of(InetAddress.getLoopbackAddress(), List.of("worker-1.lab", ".driver-worker"));

  @Test
  void loopbackTheGivenNamesAndTheirSubdomainsPass() {
    for (String host :
        List.of(
            "127.0.0.1:7000",
            "localhost",
            "Localhost.:80",
            "[::1]:7000",
            "[0:0:0:0:0:0:0:1]",
            "worker-1.lab:7000",
            "driver-worker-3.driver-worker:7000")) {
      assertThat(loopback.refusal(host, null, null)).as(host).isNull();
    }
  }

  @Test
  void aRebindingPagesNameIsRefusedNamingTheHeader() {
    assertThat(loopback.refusal("attacker.example:7000", null, null))
        .startsWith("Host: 'attacker.example:7000' is not a name of this node");
    assertThat(loopback.refusal("127.0.0.1.attacker.example", null, null)).startsWith("Host:");
    assertThat(loopback.refusal("driver-worker.attacker.example", null, null)).startsWith("Host:");
    assertThat(loopback.refusal("10.0.0.1", null, null)).startsWith("Host:");
    assertThat(loopback.refusal(null, null, null)).isEqualTo("Host: missing");
  }

  @Test
  void aPageOfAnotherSiteIsRefusedEvenWithTheRightHost() {
    assertThat(loopback.refusal("127.0.0.1", "https://attacker.example", null))
        .startsWith("Origin:");
    assertThat(loopback.refusal("127.0.0.1", "null", null)).startsWith("Origin:");
    assertThat(loopback.refusal("127.0.0.1", null, "cross-site")).startsWith("Sec-Fetch-Site:");
    assertThat(loopback.refusal("127.0.0.1", "http://localhost:3000", "same-site")).isNull();
  }

  @Test
  void echoedValuesAreShortAndOnOneLine() {
    assertThat(RequestOrigin.printable("a\r\nb" + "x".repeat(200)))
        .hasSize(81)
        .doesNotContain("\n");
  }
}
