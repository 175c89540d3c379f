package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.DbImpl;
import dev.anemometer.harness.config.Target;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.data.DataCommands;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploy.local.Executables;
import dev.anemometer.harness.deploy.local.LocalDeployment;
import dev.anemometer.harness.deploy.local.LocalPaths;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.lang.management.ManagementFactory;
import java.time.Clock;

/** What every command shares: where things live, the console, the clock, the tuning formulas. */
public record Harness(LocalPaths paths, Console console, Clock clock, TuningCalculator tuning) {

  public static Harness create(Console console) {
    return new Harness(
        LocalPaths.detect(), console, Clock.systemUTC(), new TuningCalculator(hostMemoryBytes()));
  }

  /**
   * The local deploy procedure's guard: {@code deploy} sends the other targets to their own code
   * before it gets here ({@code run} reaches every target through {@link TargetStacks}).
   */
  static void requireLocal(AnemometerConfig config) {
    if (config.target() != Target.LOCAL) {
      throw new ConfigException(
          "target: "
              + config.target().configName()
              + " is deployed by its own target; expected local here");
    }
  }

  /** Data check → load if needed → reset, through the app jar's data commands. */
  LocalDeployment.DataPreparer dataPreparer() {
    return (index, spec, database) ->
        dataCommands().prepare("instance-" + index, database, spec.maxUsers(), owned(spec));
  }

  /** Databases the harness created may be reloaded from scratch; an external one never is. */
  public static boolean owned(AppInstanceSpec spec) {
    return spec.tiers().db().impl() != DbImpl.POSTGRES_EXTERNAL;
  }

  public DataCommands dataCommands() {
    return new DataCommands(
        Executables.java(),
        paths
            .appJar()
            .orElseThrow(
                () ->
                    new TierStartException(
                        "the app jar is missing (auction-app/target/auction-app-*-exec.jar); build it"
                            + " with ./mvnw -B -q package -DskipTests or set ANEMOMETER_APP_JAR")),
        console);
  }

  private static long hostMemoryBytes() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return 4L << 30;
  }
}
