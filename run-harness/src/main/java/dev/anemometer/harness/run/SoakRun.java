package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.soak.ResourceSampler;
import dev.anemometer.harness.soak.ResourcesCsv;
import dev.anemometer.harness.soak.SoakAnalysis;
import dev.anemometer.harness.soak.SoakSummary;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The soak of one run ({@code soak.enabled}): the resource sampler while the load runs, where the
 * target can name its tier processes, and the judgement of leaks and p99 drift at the end.
 */
final class SoakRun {

  /** The one place that says which targets sample resources for a soak. */
  static final String UNAVAILABLE =
      "resources are sampled on the local target only (for now), not on ";

  private final AnemometerConfig config;
  private final Path resultsDir;
  private final Console console;
  private volatile String note;

  SoakRun(AnemometerConfig config, Path resultsDir, Console console) {
    this.config = config;
    this.resultsDir = resultsDir;
    this.console = console;
  }

  Optional<ResourceSampler> sampler(DeployedStack stack) {
    if (!config.soak().enabled()) {
      return Optional.empty();
    }
    Optional<ResourceSampler> sampler =
        ResourceSampler.of(config.soak(), stack, resultsDir, console::notice);
    if (sampler.isEmpty()) {
      note = UNAVAILABLE + config.target().configName();
      console.notice(note);
    } else {
      console.info(
          "soak: sampling every tier's resources every "
              + config.soak().every().toSeconds()
              + " s into "
              + ResourcesCsv.FILE);
    }
    return sampler;
  }

  /** Judged from the files the run wrote, so far; absent without {@code soak.enabled}. */
  SoakSummary summary() {
    if (!config.soak().enabled()) {
      return null;
    }
    try {
      return SoakAnalysis.of(config.soak(), resultsDir, note);
    } catch (RuntimeException e) {
      return SoakSummary.unavailable("not judged: " + e.getMessage());
    }
  }
}
