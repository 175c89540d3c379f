package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.spec.QosPhases;
import dev.anemometer.driver.syntax.DurationSyntax;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.Strategy;
import dev.anemometer.harness.deploy.LoadPaths;
import dev.anemometer.harness.deploygen.StackModel;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The driver controller Job of a harness run. The generated Job runs a fixed load of the preset's
 * users; a run replaces its arguments with the run's own strategy and QoS phases, and wraps the
 * driver in a shell that prints its result files and then {@code summary.json} after marker lines
 * when the driver ends, so that the harness reads the verdict, the acknowledged bids and the
 * interval files from the pod's log (the controller's volume is an emptyDir that disappears with
 * the pod).
 */
final class ControllerJob {

  static final String NAME = "driver-controller";

  /** The line after which the controller's log holds its summary.json. */
  static final String SUMMARY_MARKER = "=== anemometer: driver summary.json ===";

  /**
   * Prints the driver's result files ({@link ControllerFiles}), then its summary, and keeps the
   * driver's exit code as the pod's, so the Job fails when QoS is not met. The result folder is
   * {@code /results} unless {@code ANEMOMETER_RESULTS} says otherwise (tests run the script here).
   */
  static final String SCRIPT =
      "results=${ANEMOMETER_RESULTS:-/results};"
          + " java $JAVA_OPTS -jar /opt/anemometer/driver.jar \"$@\"; code=$?; "
          + ControllerFiles.PRINT_FILES
          + " echo '"
          + SUMMARY_MARKER
          + "'; cat \"$results/summary.json\"; exit $code";

  private ControllerJob() {}

  /** Only fixed loads and findMax can be given to the controller on its command line. */
  static void requireSupported(AnemometerConfig config) {
    if (config.strategy() == Strategy.INTERVAL) {
      throw new ConfigException(
          "strategy: interval is not available on target kubernetes in this version (the driver"
              + " controller takes a fixed load or findMax); use fixed or findMax, or target"
              + " local or compose");
    }
  }

  /** The adjuster a run deploys with: every other object is applied as generated. */
  static KubernetesDeployment.Adjuster forRun(AnemometerConfig config) {
    return (index, model, resource) -> adjust(config, index, model, resource);
  }

  static HasMetadata adjust(
      AnemometerConfig config, int index, StackModel model, HasMetadata resource) {
    if (!(resource instanceof Job job) || !NAME.equals(job.getMetadata().getName())) {
      return resource;
    }
    Container controller = job.getSpec().getTemplate().getSpec().getContainers().get(0);
    controller.setCommand(List.of("sh", "-c", SCRIPT, "workload-driver"));
    controller.setArgs(arguments(config, index, model));
    return job;
  }

  static List<String> arguments(AnemometerConfig config, int index, StackModel model) {
    AppInstanceSpec instance = config.appInstances().get(index);
    QosPhases qos = config.qos();
    List<String> args = new ArrayList<>();
    args.addAll(List.of("controller", "--workers", "$(DRIVER_WORKERS)", "--token"));
    String entry = "http://" + model.entryHost() + ":8080";
    args.addAll(List.of("$(DRIVER_TOKEN)", "--target", entry));
    args.addAll(List.of("--out", "/results", "--name", "instance-" + index));
    args.addAll(List.of("--percentile", String.valueOf(qos.percentile())));
    UsersConfig users = LoadPaths.users(config, index, URI.create(entry));
    args.addAll(List.of("--seed", String.valueOf(users.seed())));
    args.addAll(List.of("--accounts", String.valueOf(users.accounts())));
    if (config.strategy() == Strategy.FIND_MAX) {
      // The search's own phases, precision, verifications and hint, as the local driver gets them.
      FindMaxLoadPathSpec search = LoadPaths.findMax(config.findMax(), instance, index);
      args.addAll(List.of("--ramp-up", DurationSyntax.format(search.probeRampUp())));
      args.addAll(List.of("--warm-up", DurationSyntax.format(search.probeWarmUp())));
      args.addAll(List.of("--duration", DurationSyntax.format(search.probeQosPeriod())));
      args.addAll(List.of("--find-max", "--max-users", String.valueOf(search.maxUsers())));
      args.addAll(List.of("--users", String.valueOf(search.initialStepUsers())));
      args.addAll(List.of("--step-duration", DurationSyntax.format(search.initialStepDuration())));
      args.addAll(List.of("--precision", String.valueOf(search.precisionPercent())));
      args.addAll(List.of("--marginal-band", String.valueOf(search.marginalBandPercent())));
      args.addAll(List.of("--max-pass-hint", String.valueOf(search.maxPassHint())));
      args.addAll(List.of("--verifications", String.valueOf(search.verificationRepeats())));
      args.addAll(
          List.of(
              "--verification-duration", DurationSyntax.format(search.verificationQosPeriod())));
    } else {
      args.addAll(
          List.of(
              "--ramp-up",
              DurationSyntax.format(qos.rampUp()),
              "--warm-up",
              DurationSyntax.format(qos.warmUp())));
      args.addAll(List.of("--duration", DurationSyntax.format(qos.interval())));
      args.addAll(List.of("--users", String.valueOf(instance.users())));
      args.addAll(List.of("--qos-periods", String.valueOf(qos.qosPeriods())));
      args.addAll(List.of("--ramp-down", DurationSyntax.format(qos.rampDown())));
    }
    return args;
  }

  /** The summary.json the controller printed at its end, if it got that far. */
  static Optional<String> summary(String log) {
    if (log == null) {
      return Optional.empty();
    }
    int marker = log.lastIndexOf(SUMMARY_MARKER);
    if (marker < 0) {
      return Optional.empty();
    }
    String json = log.substring(marker + SUMMARY_MARKER.length()).trim();
    return json.startsWith("{") ? Optional.of(json) : Optional.empty();
  }
}
