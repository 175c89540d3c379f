package dev.anemometer.harness.studies;

import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.extension.RunContext;
import dev.anemometer.harness.extension.RunExtension;
import dev.anemometer.harness.platform.Platform;
import dev.anemometer.harness.platform.PlatformProbe;
import dev.anemometer.harness.results.RunSummary;
import java.nio.file.Path;

/**
 * What the run was measured on ({@code platform.json} and the summary's {@code platform}): the
 * machine and its reference speed before any tier starts, the tiers' versions once they serve, and
 * the reference speed again once they have stopped, so that the run says whether the machine held
 * still while it measured (decision 0012). A probe that fails leaves the run without the record, in
 * one line, not without its result.
 */
final class PlatformRecord implements RunExtension {

  private final RunContext run;
  private final Path projectRoot;
  private final Path postgresBinariesBase;
  private volatile Platform platform;

  PlatformRecord(RunContext run, Path projectRoot, Path postgresBinariesBase) {
    this.run = run;
    this.projectRoot = projectRoot;
    this.postgresBinariesBase = postgresBinariesBase;
  }

  @Override
  public void beforeDeploy() {
    try {
      Platform probed = PlatformProbe.probe(run.config(), projectRoot);
      run.console().info(probed.headline());
      if (probed.os().memoryMonitors() != null) {
        run.console()
            .notice(
                "the kernel's DAMON is running ("
                    + String.join(", ", probed.os().memoryMonitors())
                    + "): its thread competes with the tiers for the cores, shown as 'other' in"
                    + " the CPU per tier; for numbers to compare, stop it first (as root: echo off"
                    + " > /sys/kernel/mm/damon/admin/kdamonds/N/state)");
      }
      keep(probed);
    } catch (RuntimeException e) {
      run.console().notice("platform not recorded: " + e.getMessage());
    }
  }

  @Override
  public void deployed(DeployedStack stack) {
    if (platform != null) {
      Platform versioned =
          platform.withTierVersions(PlatformProbe.tierVersions(run.config(), postgresBinariesBase));
      keep(versioned);
      run.console().info("tier versions: " + versioned.tierVersions());
    }
  }

  @Override
  public void afterStop() {
    if (platform == null) {
      return;
    }
    try {
      Platform.MachineSpeed after = Platform.MachineSpeed.measure();
      keep(platform.withAfterRun(after));
      run.console().info("machine after the run: " + after.describe());
    } catch (RuntimeException e) {
      run.console().notice("machine not measured after the run: " + e.getMessage());
    }
  }

  @Override
  public RunSummary summarize(RunSummary summary) {
    return summary.withPlatform(platform);
  }

  private void keep(Platform recorded) {
    platform = recorded;
    run.results().writePlatform(recorded);
  }
}
