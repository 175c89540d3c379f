package dev.anemometer.harness.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JvmMetricsTest {

  @Test
  void heapAfterGcIsTheLongLivedPoolsShareAfterTheLastCollectionTimesItsMaximum()
      throws IOException {
    JvmMetrics jvm = JvmMetrics.parse(capturedFromTheApp());

    assertThat(jvm.heapAfterGcBytes()).hasValue(0.14610660076141357 * 2.68435456E8);
    assertThat(jvm.heapUsedBytes()).hasValue(1.2582912E7 + 3.9220192E7 + 2721872.0);
    assertThat(jvm.threads()).hasValue(19.0);
  }

  @Test
  void anAppThatHasNotCollectedYetHasNoHeapAfterGc() {
    JvmMetrics jvm =
        JvmMetrics.parse(
            "jvm_gc_max_data_size_bytes{application=\"auction-app\"} 2.68435456E8\n"
                + "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Eden Space\"} 1000.0\n");

    assertThat(jvm.heapAfterGcBytes()).isEmpty();
    assertThat(jvm.heapUsedBytes()).hasValue(1000.0);
    assertThat(jvm.threads()).isEmpty();
  }

  @Test
  void oldCollectionsAreConcurrentCyclePausesAndMajorCollectionsNotMinorOnes() {
    // As a G1 app on JDK 25 exposes them (one concurrent cycle: its remark and cleanup pauses),
    // with a full collection added.
    JvmMetrics jvm =
        JvmMetrics.parse(
            "jvm_gc_concurrent_phase_time_seconds_count{action=\"end of concurrent GC pause\","
                + "application=\"auction-app\",cause=\"No GC\",gc=\"G1 Concurrent GC\"} 2\n"
                + "jvm_gc_concurrent_phase_time_seconds_sum{action=\"end of concurrent GC pause\","
                + "application=\"auction-app\",cause=\"No GC\",gc=\"G1 Concurrent GC\"} 0.186\n"
                + "jvm_gc_pause_seconds_count{action=\"end of minor GC\",application=\"auction-app\","
                + "cause=\"G1 Evacuation Pause\",gc=\"G1 Young Generation\"} 7\n"
                + "jvm_gc_pause_seconds_count{action=\"end of major GC\",application=\"auction-app\","
                + "cause=\"System.gc()\",gc=\"G1 Old Generation\"} 1\n");

    assertThat(jvm.oldCollections()).hasValue(3.0);
  }

  @Test
  void anAppWithOnlyYoungCollectionsHasNoOldOnesAndOneWithoutCountsSaysNothing()
      throws IOException {
    assertThat(JvmMetrics.parse(capturedFromTheApp()).oldCollections()).hasValue(0.0);
    assertThat(JvmMetrics.parse("jvm_threads_live_threads 19\n").oldCollections()).isEmpty();
  }

  @Test
  void labelValuesMayHoldQuotesBracesAndCommas() {
    JvmMetrics.Sample sample =
        JvmMetrics.Sample.parse(
            "jvm_memory_used_bytes{id=\"a \\\"b\\\" {c}, d\",area=\"heap\"} 12.5 1700000000000");

    assertThat(sample.name()).isEqualTo("jvm_memory_used_bytes");
    assertThat(sample.labels()).containsEntry("id", "a \"b\" {c}, d").containsEntry("area", "heap");
    assertThat(sample.value()).isEqualTo(12.5);
  }

  @Test
  void aLineWithoutLabelsOrWithSpecialValuesParses() {
    assertThat(JvmMetrics.Sample.parse("up 1").value()).isEqualTo(1.0);
    assertThat(JvmMetrics.Sample.parse("x{a=\"b\"} NaN").value()).isNaN();
    assertThat(JvmMetrics.Sample.parse("x +Inf").value()).isInfinite();
  }

  @Test
  void aBrokenLineSaysWhatItIs() {
    assertThatThrownBy(() -> JvmMetrics.Sample.parse("x{a=\"b} 1"))
        .hasMessageContaining("x{a=\"b} 1");
  }

  private static String capturedFromTheApp() throws IOException {
    try (InputStream in =
        JvmMetricsTest.class.getResourceAsStream("/soak/prometheus-auction-app.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
