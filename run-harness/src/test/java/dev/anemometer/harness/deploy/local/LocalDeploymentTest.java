package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.deploy.TierProcess;
import org.junit.jupiter.api.Test;

class LocalDeploymentTest {

  @Test
  void eachTierProcessIsFoundByTheNameItWasStartedUnder() {
    assertThat(LocalDeployment.tierProcess("instance-0-postgres", 10))
        .hasValue(new TierProcess("db", 0, "instance-0-postgres", 10));
    assertThat(LocalDeployment.tierProcess("instance-1-app-2", 11))
        .hasValue(new TierProcess("app", 1, "instance-1-app-2", 11));
    assertThat(LocalDeployment.tierProcess("instance-0-haproxy-0", 12).orElseThrow().tier())
        .isEqualTo("lb");
    assertThat(LocalDeployment.tierProcess("instance-0-nginx-0", 13).orElseThrow().tier())
        .isEqualTo("web");
    assertThat(LocalDeployment.tierProcess("initdb", 14)).isEmpty();
  }
}
