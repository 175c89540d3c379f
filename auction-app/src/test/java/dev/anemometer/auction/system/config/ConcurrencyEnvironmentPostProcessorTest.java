package dev.anemometer.auction.system.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.mock.env.MockEnvironment;

class ConcurrencyEnvironmentPostProcessorTest {

  @Test
  void jdk17UsesThePlatformPoolWhateverIsAsked() {
    assertThat(virtualThreads(17, "AUTO")).isFalse();
    assertThat(virtualThreads(17, "VIRTUAL")).isFalse();
  }

  @Test
  void jdk21AndNewerUseVirtualThreadsUnlessPlatformIsForced() {
    assertThat(virtualThreads(21, "AUTO")).isTrue();
    assertThat(virtualThreads(25, "virtual")).isTrue();
    assertThat(virtualThreads(25, "PLATFORM")).isFalse();
  }

  private static boolean virtualThreads(int jdk, String mode) {
    MockEnvironment environment = new MockEnvironment();
    environment.setProperty(ConcurrencyEnvironmentPostProcessor.MODE, mode);
    environment.setProperty(ConcurrencyEnvironmentPostProcessor.VIRTUAL, "false");
    new ConcurrencyEnvironmentPostProcessor(jdk)
        .postProcessEnvironment(environment, new SpringApplication());
    return environment.getProperty(ConcurrencyEnvironmentPostProcessor.VIRTUAL, Boolean.class);
  }
}
