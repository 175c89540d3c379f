package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.harness.audit.AcknowledgedBid;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.deploy.LoadOutcome;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The controllers' summaries and result files, one controller per app instance, as the load phase's
 * outcome: each is kept in {@code driver/instance-N/}, and they are merged into {@code driver/} in
 * the shape a single driver writes (one target per instance), so reports read both alike and the
 * audit checks every acknowledged bid.
 */
final class DriverSummaries {

  private final AnemometerConfig config;
  private final Path driverDir;
  private final List<Boolean> passed = new ArrayList<>();
  private final List<Integer> peaks = new ArrayList<>();
  private final List<Object> targets = new ArrayList<>();
  private final List<List<AcknowledgedBid>> bids = new ArrayList<>();
  private final List<String> damaged = new ArrayList<>();
  private final ControllerResults results;
  private boolean valid = true;
  private boolean stopped;

  DriverSummaries(AnemometerConfig config, Path driverDir) {
    this.config = config;
    this.driverDir = driverDir;
    this.results = new ControllerResults(driverDir);
  }

  /**
   * @param log the controller pod's log, ending with its summary when the driver got that far
   * @param jobSucceeded whether the Job completed (the driver's exit code 0)
   */
  @SuppressWarnings("unchecked")
  void add(int index, String namespace, String log, boolean jobSucceeded) {
    String json =
        ControllerJob.summary(log)
            .orElseThrow(
                () ->
                    new TierStartException(
                        namespace
                            + ": the driver controller "
                            + (jobSucceeded ? "ended" : "failed")
                            + " without a summary; see logs/"
                            + namespace
                            + "/"));
    write(driverDir.resolve("instance-" + index).resolve("summary.json"), json + "\n");
    ControllerFiles.Read files = ControllerFiles.read(log);
    bids.add(results.keep(index, files.files()));
    files.damaged().forEach(reason -> damaged.add(namespace + ": " + reason));
    Map<String, Object> summary = Json.pretty().readValue(json, Map.class);
    valid &= Boolean.TRUE.equals(summary.get("valid"));
    stopped |= Boolean.TRUE.equals(summary.get("stopped"));
    List<Map<String, Object>> driven =
        (List<Map<String, Object>>) summary.getOrDefault("targets", List.of());
    Map<String, Object> target = new LinkedHashMap<>(driven.isEmpty() ? Map.of() : driven.get(0));
    target.put("id", "instance-" + index);
    targets.add(target);
    passed.add(
        Boolean.TRUE.equals(summary.get("passed")) && Boolean.TRUE.equals(summary.get("valid")));
    peaks.add(
        target.get("peakUsers") instanceof Number peak
            ? peak.intValue()
            : config.appInstances().get(index).peakUsers(config.strategy(), config.findMax()));
  }

  /**
   * An instance whose controller printed no bids file (its log rotated past it) has no acknowledged
   * bids: the audit then checks that database's own invariants.
   */
  LoadOutcome outcome() {
    Map<String, Object> merged = new LinkedHashMap<>();
    merged.put("name", config.name());
    merged.put("passed", passed.stream().allMatch(Boolean::booleanValue));
    merged.put("valid", valid);
    merged.put("stopped", stopped);
    merged.put("targets", List.copyOf(targets));
    if (!damaged.isEmpty()) {
      merged.put("controllerFilesDamaged", List.copyOf(damaged));
    }
    write(driverDir.resolve("summary.json"), Json.pretty().writeValueAsString(merged) + "\n");
    Map<String, Object> typed = new LinkedHashMap<>(merged);
    typed.remove("controllerFilesDamaged");
    DriverSummary summary = DriverFiles.summary(typed);
    return new LoadOutcome(
        List.copyOf(passed), valid, List.copyOf(peaks), List.copyOf(bids), summary);
  }

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
