package dev.anemometer.harness.studies;

import dev.anemometer.harness.extension.RunExtension;
import dev.anemometer.harness.extension.RunExtensions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The extensions every run of the command line has, in the order their hooks run: the platform
 * record, CPU per tier, and where the configuration asks for them the soak and the elasticity and
 * fault schedules.
 */
public final class StandardStudies {

  private StandardStudies() {}

  /**
   * @param projectRoot the checkout the harness runs from (its commit goes on record)
   * @param postgresBinariesBase where embedded PostgreSQL's binaries are unpacked (their version)
   */
  public static RunExtensions of(Path projectRoot, Path postgresBinariesBase) {
    return run -> {
      List<RunExtension> studies = new ArrayList<>();
      studies.add(new PlatformRecord(run, projectRoot, postgresBinariesBase));
      studies.add(new CpuPerTier(run));
      if (run.config().soak().enabled()) {
        studies.add(new SoakStudy(run));
      }
      if (run.config().changesTiersDuringLoad()) {
        studies.add(new ElasticityStudy(run));
      }
      return studies;
    };
  }
}
