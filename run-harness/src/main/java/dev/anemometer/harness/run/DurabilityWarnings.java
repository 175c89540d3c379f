package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.TuningSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Settings that void "a 201 means the bid is durable", said in the summary: the run is valid, but
 * its throughput is not comparable with one whose acknowledged bids survive a crash.
 */
final class DurabilityWarnings {

  /** PostgreSQL settings that, off, let a crash lose commits already acknowledged. */
  private static final List<String> DURABLE_WHEN_ON =
      List.of("synchronous_commit", "fsync", "full_page_writes");

  private DurabilityWarnings() {}

  /** The warnings, or null when there are none (the summary then has no such key). */
  static List<String> of(AnemometerConfig config) {
    List<String> warnings = new ArrayList<>();
    for (int i = 0; i < config.appInstances().size(); i++) {
      TuningSpec tuning = config.appInstances().get(i).tuning();
      if (tuning == null) {
        continue;
      }
      String path = "appInstances[" + i + "].tuning.postgres.";
      TuningSpec.Postgres postgres = tuning.postgresOrEmpty();
      if (postgres.synchronousCommit() == TuningSpec.SynchronousCommit.OFF) {
        warnings.add(warning(path + "synchronousCommit"));
      }
      Map<String, String> settings = postgres.settings() == null ? Map.of() : postgres.settings();
      for (String name : DURABLE_WHEN_ON) {
        if (isOff(settings.get(name))) {
          warnings.add(warning(path + "settings." + name));
        }
      }
    }
    return warnings.isEmpty() ? null : List.copyOf(warnings);
  }

  private static boolean isOff(String value) {
    return value != null
        && List.of("off", "false", "0", "no").contains(value.toLowerCase(Locale.ROOT));
  }

  private static String warning(String key) {
    return key
        + ": off, so a 201 does not mean the bid is durable (a database crash may lose"
        + " acknowledged bids); throughput is not comparable with durable runs";
  }
}
