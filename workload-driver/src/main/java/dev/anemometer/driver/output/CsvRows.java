package dev.anemometer.driver.output;

import dev.anemometer.driver.run.StatusReport;
import java.util.Locale;

/** The rows of {@code intervals.csv}: one per target, interval and operation. */
final class CsvRows {

  static final String HEADER =
      "target,from_s,to_s,users,phase,operation,count,failures,throughput_per_s,mix_percent,"
          + "mean_ms,p50_ms,p90_ms,p95_ms,p99_ms,p999_ms,max_ms,wire_p99_ms,valid";

  private CsvRows() {}

  static String row(StatusReport report, long fromMillis, OperationSummary operation) {
    return String.format(
        Locale.ROOT,
        "%s,%.3f,%.3f,%d,%s,%s,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%s",
        report.targetId(),
        fromMillis / 1000.0,
        report.elapsedMillis() / 1000.0,
        report.users(),
        report.phase(),
        operation.operation(),
        operation.count(),
        operation.failures(),
        operation.throughputPerSecond(),
        operation.mixPercent(),
        operation.meanMillis(),
        operation.p50Millis(),
        operation.p90Millis(),
        operation.p95Millis(),
        operation.p99Millis(),
        operation.p999Millis(),
        operation.maxMillis(),
        operation.wireP99Millis(),
        report.verdict().valid());
  }
}
