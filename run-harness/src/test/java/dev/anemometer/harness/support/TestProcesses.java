package dev.anemometer.harness.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;

/** The processes a test left behind, told apart from those the test support keeps on purpose. */
public final class TestProcesses {

  private TestProcesses() {}

  /**
   * Live descendants of this JVM, as "pid command line", except the PostgreSQL that {@link
   * TestPostgres} starts once per JVM for the integration tests that share it.
   */
  public static List<String> leftovers() {
    return ProcessHandle.current()
        .descendants()
        .filter(ProcessHandle::isAlive)
        .map(h -> h.pid() + " " + h.info().commandLine().orElse("?"))
        .filter(line -> !line.contains("/test-postgres/"))
        .toList();
  }

  /**
   * Waits until a run's tiers are all gone: a stopped tier's last children (PostgreSQL's background
   * workers) exit a moment after it, so the check allows them 30 s.
   */
  public static void awaitNoLeftovers() {
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(() -> assertThat(leftovers()).isEmpty());
  }
}
