package dev.anemometer.harness.soak;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What the soak sampler records, as named in {@code resources.csv}, and whether leaks are judged.
 */
enum Metric {
  RSS("rssBytes", "memory (RSS)", true),
  PSS("pssBytes", "memory (PSS, shared pages split among their processes)", true),
  ANON("anonBytes", "memory allocated by the processes (anonymous PSS)", true),
  OPEN_FILES("openFiles", "open file descriptors", false),
  PROCESSES("processes", "processes (with workers and backends)", false),
  HEAP_AFTER_GC("heapAfterGcBytes", "JVM heap after GC (long-lived pool)", true),
  HEAP_USED("heapUsedBytes", "JVM heap used", true),
  OLD_COLLECTIONS(
      "oldCollections",
      "JVM old-generation collections so far (concurrent cycles' pauses, full collections)",
      false),
  THREADS("threads", "JVM live threads", false),
  CONNECTIONS("connections", "database connections", false),
  DATABASE_SIZE("databaseBytes", "database size", true),
  TABLE_SIZE("tableBytes", "table size (with indexes and TOAST)", true),
  DEAD_ROWS("deadRows", "dead rows awaiting vacuum", false);

  private final String column;
  private final String title;
  private final boolean bytes;

  Metric(String column, String title, boolean bytes) {
    this.column = column;
    this.title = title;
    this.bytes = bytes;
  }

  /** Its name in {@code resources.csv} and summary.json. */
  String column() {
    return column;
  }

  String title() {
    return title;
  }

  boolean bytes() {
    return bytes;
  }

  /** A value for a reader: bytes in MiB, counts as they are. */
  String format(double value) {
    return bytes
        ? String.format(Locale.ROOT, "%.1f MiB", value / (1024 * 1024))
        : String.format(Locale.ROOT, "%.0f", value);
  }

  /**
   * Why a series of this metric is not judged for a leak; empty when it is. Some grow by design or
   * swing by nature: the summary reports their growth all the same.
   */
  Optional<String> notJudged(String tier) {
    return switch (this) {
      case RSS ->
          "db".equals(tier)
              ? Optional.of(
                  "counts the shared buffers once per backend that touched them; judged as anonBytes")
              : Optional.empty();
      case PSS ->
          "db".equals(tier)
              ? Optional.of(
                  "holds the shared buffers, which fill up to shared_buffers; judged as anonBytes")
              : Optional.empty();
      case PROCESSES -> Optional.of("workers and backends come and go with the load");
      case HEAP_USED -> Optional.of("a saw-tooth between collections; judged after GC");
      case OLD_COLLECTIONS ->
          Optional.of("counts up; says whether the heap after GC saw its garbage collected");
      case DATABASE_SIZE, TABLE_SIZE -> Optional.of("grows with the bids and items written");
      case DEAD_ROWS -> Optional.of("vacuum's saw-tooth; a rising floor shows in the chart");
      default -> Optional.empty();
    };
  }

  static Optional<Metric> ofColumn(String column) {
    return Arrays.stream(values()).filter(m -> m.column.equals(column)).findFirst();
  }
}
