package dev.anemometer.harness.report;

import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.results.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * {@code report.html} of a results folder: the verdict, the instances, the driver's summary, the
 * bid audit, the events and the resolved config, in one self-contained page.
 */
public final class HtmlReport {

  private HtmlReport() {}

  public static JsonNode readSummary(Path resultsDir) {
    Path summary = resultsDir.resolve("summary.json");
    if (!Files.isRegularFile(summary)) {
      throw new ConfigException(resultsDir + ": not a results folder (no summary.json)");
    }
    try {
      return Json.pretty().readTree(Files.readString(summary));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + summary, e);
    }
  }

  public static Path write(Path resultsDir) {
    JsonNode summary = readSummary(resultsDir);
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Anemometer ")
        .append(escape(summary.path("name").asString()))
        .append(
            "</title><style>body{font-family:sans-serif;margin:2rem;max-width:70rem}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;"
                + "text-align:left}pre{background:#f6f6f6;padding:1rem;overflow:auto}"
                + ".PASSED{color:#070}.FAILED,.ERROR{color:#a00}</style></head><body>");
    html.append("<h1>")
        .append(escape(summary.path("name").asString()))
        .append(" — <span class=\"")
        .append(escape(summary.path("outcome").asString()))
        .append("\">")
        .append(escape(summary.path("outcome").asString()))
        .append("</span></h1>");
    html.append("<p>").append(escape(summary.path("message").asString(""))).append("</p>");
    html.append(
        table(
            Map.of(
                "preset", summary.path("preset").asString(""),
                "strategy", summary.path("strategy").asString(""),
                "target", summary.path("target").asString(""),
                "started", summary.path("startedAt").asString(""),
                "duration (s)", summary.path("durationSeconds").asString(""),
                "peak users", summary.path("peakUsers").asString("-"))));
    html.append(
        "<h2>Instances</h2><table><tr><th>instance</th><th>users</th><th>maxUsers</th>"
            + "<th>QoS</th><th>entry</th></tr>");
    for (JsonNode instance : summary.path("instances")) {
      html.append("<tr><td>")
          .append(instance.path("index").asInt())
          .append("</td><td>")
          .append(instance.path("users").asInt())
          .append("</td><td>")
          .append(instance.path("maxUsers").asInt())
          .append("</td><td>")
          .append(
              instance.has("passed") ? instance.path("passed").asBoolean() ? "pass" : "fail" : "-")
          .append("</td><td>")
          .append(escape(instance.path("entryUrls").toString()))
          .append("</td></tr>");
    }
    html.append("</table>");
    section(html, "Load (driver summary)", summary.path("load"));
    section(html, "Bid audit", summary.path("audit"));
    file(html, "Events", resultsDir.resolve("events.jsonl"));
    file(html, "Resolved configuration", resultsDir.resolve("config.yaml"));
    html.append("</body></html>\n");
    Path report = resultsDir.resolve("report.html");
    try {
      Files.writeString(report, html);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + report, e);
    }
    return report;
  }

  private static String table(Map<String, String> rows) {
    StringBuilder table = new StringBuilder("<table>");
    new java.util.TreeMap<>(rows)
        .forEach(
            (key, value) ->
                table
                    .append("<tr><th>")
                    .append(escape(key))
                    .append("</th><td>")
                    .append(escape(value))
                    .append("</td></tr>"));
    return table.append("</table>").toString();
  }

  private static void section(StringBuilder html, String title, JsonNode node) {
    if (node.isMissingNode() || node.isNull()) {
      return;
    }
    html.append("<h2>")
        .append(escape(title))
        .append("</h2><pre>")
        .append(escape(Json.pretty().writeValueAsString(node)))
        .append("</pre>");
  }

  private static void file(StringBuilder html, String title, Path file) {
    if (!Files.isRegularFile(file)) {
      return;
    }
    try {
      html.append("<h2>")
          .append(escape(title))
          .append("</h2><pre>")
          .append(escape(Files.readString(file)))
          .append("</pre>");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
