package dev.anemometer.harness.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

  @TempDir Path temp;

  @Test
  void dataCannotCloseTheScriptElementThatHoldsIt() {
    var data = Json.pretty().createObjectNode().put("name", "</script><script>alert(1)</script>");

    String json = HtmlPage.scriptSafeJson(data);

    assertThat(json).doesNotContain("<").contains("\\u003c/script>");
    assertThat(Json.pretty().readTree(json).path("name").asString())
        .isEqualTo("</script><script>alert(1)</script>");
  }

  @Test
  void reportOfARecordedRunIsOneFileWithItsDataInline() throws Exception {
    Path run = RecordedRuns.copy(RecordedRuns.FIXED, temp);

    String html = Files.readString(HtmlReport.write(run));

    assertThat(html).startsWith("<!DOCTYPE html>");
    assertThat(html).doesNotContain("src=\"http").doesNotContain("<link");
    assertThat(html).contains("\"fromMillis\":290000").contains("shared_buffers = 256MB");
    assertThat(html).doesNotContain("<script>alert('x')");
  }

  @Test
  void thePlatformComesFromPlatformJsonWhenTheSummaryHasNone() throws Exception {
    Path run = RecordedRuns.copy(RecordedRuns.FIXED, temp);
    Files.writeString(
        run.resolve("platform.json"), "{\"host\": \"bench-1\", \"cpu\": {\"model\": \"EPYC\"}}");

    assertThat(RunData.of(run).path("platform").path("host").asString()).isEqualTo("bench-1");
    assertThat(Files.readString(HtmlReport.write(run)))
        .contains("\"platform\":{\"host\":\"bench-1\"")
        .contains("platformSection");
  }

  @Test
  void theSoaksResourcesAreOneSeriesPerSourceAndMetricForItsCharts() throws Exception {
    Path run = RecordedRuns.copy(RecordedRuns.FIXED, temp);
    Files.writeString(
        run.resolve("resources.csv"),
        """
        load_s,time,instance,tier,source,metric,value
        0.0,2026-11-21T20:14:45Z,instance-0,app,instance-0-app-0,rssBytes,400000000
        0.0,2026-11-21T20:14:45Z,instance-0,db,bid,tableBytes,8192
        15.0,2026-11-21T20:15:00Z,instance-0,app,instance-0-app-0,rssBytes,410000000
        15.0,2026-11-21T20:15:00Z,instance-0,db,bid,tableBytes,16384
        """);

    var resources = RunData.of(run).path("resources");

    assertThat(resources.size()).isEqualTo(2);
    assertThat(resources.get(0).path("source").asString()).isEqualTo("instance-0-app-0");
    assertThat(resources.get(0).path("metric").asString()).isEqualTo("rssBytes");
    assertThat(resources.get(0).path("points").toString()).isEqualTo("[[0.0,4.0E8],[15.0,4.1E8]]");
    assertThat(Files.readString(HtmlReport.write(run))).contains("A.soakSection = function");
  }

  @Test
  void aFolderWithoutSummaryIsOneClearError() {
    assertThatThrownBy(() -> HtmlReport.write(temp))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("not a results folder");
  }
}
