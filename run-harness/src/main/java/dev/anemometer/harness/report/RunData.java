package dev.anemometer.harness.report;

import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.driver.output.IntervalLine;
import dev.anemometer.driver.output.NotificationSummary;
import dev.anemometer.driver.output.OperationSummary;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.soak.ResourceRow;
import dev.anemometer.harness.soak.ResourcesCsv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a report shows of one results folder, as JSON for the page: summary.json, the driver's
 * interval lines (slimmed to what the charts plot, so that long runs stay a few MB), the soak's
 * resource series (resources.csv), events.jsonl, config.yaml and the rendered tuning files.
 */
final class RunData {

  private RunData() {}

  static JsonNode summary(Path resultsDir) {
    if (!Files.isDirectory(resultsDir)) {
      throw new ConfigException(resultsDir + ": no such folder");
    }
    Path summary = resultsDir.resolve("summary.json");
    if (!Files.isRegularFile(summary)) {
      throw new ConfigException(resultsDir + ": not a results folder (no summary.json)");
    }
    return readJson(summary);
  }

  static ObjectNode of(Path resultsDir) {
    ObjectNode data = Json.pretty().createObjectNode();
    data.put("kind", "run");
    JsonNode summary = summary(resultsDir);
    data.set("summary", summary);
    data.set("platform", platform(resultsDir, summary));
    data.set("intervals", intervals(resultsDir));
    data.set("resources", resources(resultsDir));
    data.set("events", jsonLines(resultsDir.resolve("events.jsonl")));
    data.put("config", text(resultsDir.resolve("config.yaml")));
    data.set("files", files(resultsDir));
    RepeatSetData.containing(resultsDir)
        .ifPresent(
            set -> {
              data.put("repeatSetDir", set.getFileName().toString());
              data.set("repeatSet", Json.pretty().valueToTree(RepeatSetData.read(set)));
            });
    ArrayNode tuning = data.putArray("tuning");
    Path tuningDir = resultsDir.resolve("tuning");
    if (Files.isDirectory(tuningDir)) {
      try (Stream<Path> files = Files.walk(tuningDir)) {
        files
            .filter(Files::isRegularFile)
            .sorted()
            .forEach(
                file ->
                    tuning
                        .addObject()
                        .put("name", "tuning/" + tuningDir.relativize(file))
                        .put("text", text(file)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list " + tuningDir, e);
      }
    }
    return data;
  }

  /**
   * The platform block: summary.json's, else platform.json (written at run start, so that a run
   * that never wrote its summary still says what it ran on); null for folders from before it.
   */
  static JsonNode platform(Path resultsDir, JsonNode summary) {
    if (summary.has("platform")) {
      return summary.get("platform");
    }
    Path file = resultsDir.resolve("platform.json");
    return Files.isRegularFile(file) ? readJson(file) : null;
  }

  /** Every file of the folder but the report itself, by relative path, for links to the logs. */
  private static ArrayNode files(Path resultsDir) {
    ArrayNode files = Json.pretty().createArrayNode();
    try (Stream<Path> all = Files.walk(resultsDir)) {
      for (Path file : all.filter(Files::isRegularFile).sorted().toList()) {
        String name = resultsDir.relativize(file).toString().replace('\\', '/');
        if (!name.equals("report.html") && !name.endsWith(".tmp")) {
          files.addObject().put("path", name).put("bytes", Files.size(file));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + resultsDir, e);
    }
    return files;
  }

  /** driver/intervals.jsonl with each operation cut to the plotted figures. */
  static ArrayNode intervals(Path resultsDir) {
    ArrayNode slim = Json.pretty().createArrayNode();
    for (IntervalLine line : DriverFiles.intervals(resultsDir.resolve("driver"))) {
      ObjectNode out = slim.addObject();
      out.put("target", line.target());
      out.put("fromMillis", line.fromMillis());
      out.put("toMillis", line.toMillis());
      out.put("users", line.users());
      out.put("phase", line.phase());
      out.put("qosPassed", line.qosPassed());
      line.invalidReasons().forEach(out.putArray("invalidReasons")::add);
      ArrayNode failedRules = out.putArray("failedRules");
      ArrayNode operations = out.putArray("operations");
      for (OperationSummary operation : line.operations()) {
        operations
            .addObject()
            .put("operation", operation.operation())
            .put("count", operation.count())
            .put("failures", operation.failures())
            .put("throughputPerSecond", operation.throughputPerSecond())
            .put("p50Millis", operation.p50Millis())
            .put("p95Millis", operation.p95Millis())
            .put("p99Millis", operation.p99Millis());
        operation.rules().stream()
            .filter(rule -> !rule.passed())
            .forEach(rule -> failedRules.add(rule.message()));
      }
      notifications(line, operations, failedRules);
    }
    return slim;
  }

  /**
   * How late followers learned of changes, plotted beside the operations (as figures of no
   * throughput, so that they add nothing to the operation counts).
   */
  private static void notifications(
      IntervalLine line, ArrayNode operations, ArrayNode failedRules) {
    for (NotificationSummary notification : line.notifications()) {
      operations
          .addObject()
          .put("operation", notification.notification())
          .put("count", notification.count())
          .put("failures", 0)
          .put("throughputPerSecond", 0)
          .put("p50Millis", notification.p50Millis())
          .put("p95Millis", notification.p95Millis())
          .put("p99Millis", notification.p99Millis());
      if (notification.rule() != null && !notification.rule().passed()) {
        failedRules.add(notification.rule().message());
      }
    }
  }

  /** resources.csv as one series per process, database or table and metric: [[seconds, value]]. */
  static ArrayNode resources(Path resultsDir) {
    Map<String, ObjectNode> bySeries = new LinkedHashMap<>();
    ArrayNode series = Json.pretty().createArrayNode();
    for (ResourceRow row : ResourcesCsv.read(resultsDir.resolve(ResourcesCsv.FILE))) {
      ObjectNode one =
          bySeries.computeIfAbsent(
              row.series(),
              key ->
                  series
                      .addObject()
                      .put("instance", row.instance())
                      .put("tier", row.tier())
                      .put("source", row.source())
                      .put("metric", row.metric()));
      ArrayNode points = one.has("points") ? (ArrayNode) one.get("points") : one.putArray("points");
      points.addArray().add(row.loadSeconds()).add(row.value());
    }
    return series;
  }

  static ArrayNode jsonLines(Path file) {
    ArrayNode lines = Json.pretty().createArrayNode();
    if (!Files.isRegularFile(file)) {
      return lines;
    }
    try (Stream<String> text = Files.lines(file)) {
      text.filter(line -> !line.isBlank()).forEach(line -> lines.add(parse(file, line)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return lines;
  }

  private static JsonNode parse(Path file, String line) {
    try {
      return Json.compact().readTree(line);
    } catch (RuntimeException e) {
      // A run killed mid-write leaves a torn last line; the report shows what is whole.
      return Json.compact().createObjectNode().put("unreadable", file.getFileName().toString());
    }
  }

  static JsonNode readJson(Path file) {
    try {
      return Json.pretty().readTree(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    } catch (RuntimeException e) {
      // Jackson's message goes on with the source location over more lines: keep the first.
      String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
      throw new ConfigException(file + ": not valid JSON (" + reason + ")");
    }
  }

  private static String text(Path file) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
