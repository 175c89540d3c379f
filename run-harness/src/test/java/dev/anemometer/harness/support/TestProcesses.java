package dev.anemometer.harness.support;

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
}
