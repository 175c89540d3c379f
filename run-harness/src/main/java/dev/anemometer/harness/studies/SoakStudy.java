package dev.anemometer.harness.studies;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.extension.RunContext;
import dev.anemometer.harness.extension.RunExtension;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.soak.ResourceSampler;
import dev.anemometer.harness.soak.ResourcesCsv;
import dev.anemometer.harness.soak.SoakAnalysis;
import dev.anemometer.harness.soak.SoakSummary;
import java.util.List;
import java.util.Optional;

/**
 * The soak of one run ({@code soak.enabled}): the resource sampler while the load runs, where the
 * target can name its tier processes, and the judgement of leaks and p99 drift (the summary's
 * {@code soak}) from the files it wrote.
 */
final class SoakStudy implements RunExtension {

  /** The one place that says which targets sample resources for a soak. */
  static final String UNAVAILABLE =
      "resources are sampled on the local target only (for now), not on ";

  private final RunContext run;
  private volatile ResourceSampler sampler;
  private volatile String note;

  SoakStudy(RunContext run) {
    this.run = run;
  }

  @Override
  public List<RunListener> duringLoad(DeployedStack stack, DriverProcesses driver) {
    Optional<ResourceSampler> started =
        ResourceSampler.of(run.config().soak(), stack, run.results().dir(), run.console()::notice);
    if (started.isEmpty()) {
      note = UNAVAILABLE + run.config().target().configName();
      run.console().notice(note);
      return List.of();
    }
    run.console()
        .info(
            "soak: sampling every tier's resources every "
                + run.config().soak().every().toSeconds()
                + " s into "
                + ResourcesCsv.FILE);
    sampler = started.get();
    return List.of(sampler);
  }

  @Override
  public void afterLoad() {
    if (sampler != null) {
      sampler.close();
    }
  }

  @Override
  public RunSummary summarize(RunSummary summary) {
    SoakSummary soak;
    try {
      soak = SoakAnalysis.of(run.config().soak(), run.results().dir(), note);
    } catch (RuntimeException e) {
      soak = SoakSummary.unavailable("not judged: " + e.getMessage());
    }
    return summary.withSoak(soak);
  }
}
