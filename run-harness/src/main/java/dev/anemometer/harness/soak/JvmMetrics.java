package dev.anemometer.harness.soak;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The JVM figures of an app server, from its {@code /actuator/prometheus} text (Micrometer's JVM
 * binders, which Spring Boot registers).
 *
 * <p>Heap after GC: Micrometer's {@code jvm_memory_usage_after_gc{pool="long-lived"}} is the share
 * of the old generation in use after the latest collection, young ones included; times the old
 * generation's maximum ({@code jvm_gc_max_data_size_bytes}) it is the heap that survived. Its
 * sibling {@code jvm_gc_live_data_size_bytes} changes only after an old-generation collection,
 * which G1 may not run for the whole of a run, so it stays at 0.
 *
 * <p>Old-generation collections: until one runs, the heap after young collections only grows, by
 * the garbage they promote; a series that grows so is no leak. The count is Micrometer's pauses of
 * concurrent cycles ({@code jvm_gc_concurrent_phase_time_seconds_count}: G1's remark and cleanup on
 * JDK 20 and later, ZGC's and Shenandoah's cycles) plus its major collections ({@code
 * jvm_gc_pause_seconds_count{action="end of major GC"}}).
 *
 * @param heapAfterGcBytes empty when the app exposes no after-GC figure (no collection yet)
 * @param oldCollections empty when the app reports no collection counts (none yet)
 */
record JvmMetrics(
    OptionalDouble heapAfterGcBytes,
    OptionalDouble heapUsedBytes,
    OptionalDouble threads,
    OptionalDouble oldCollections) {

  static JvmMetrics parse(String exposition) {
    Map<String, Double> sums = new HashMap<>();
    double afterGcShare = Double.NaN;
    for (String line : exposition.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Sample sample = Sample.parse(line);
      switch (sample.name()) {
        case "jvm_memory_usage_after_gc" -> {
          if ("heap".equals(sample.labels().get("area"))
              && "long-lived".equals(sample.labels().get("pool"))) {
            afterGcShare = sample.value();
          }
        }
        case "jvm_memory_used_bytes" -> {
          if ("heap".equals(sample.labels().get("area"))) {
            sums.merge("heapUsed", sample.value(), Double::sum);
          }
        }
        case "jvm_gc_concurrent_phase_time_seconds_count" ->
            sums.merge("oldCollections", sample.value(), Double::sum);
        case "jvm_gc_pause_seconds_count" -> {
          // Any pause count says the app reports its collections: none of them old ones is 0.
          boolean major = "end of major GC".equals(sample.labels().get("action"));
          sums.merge("oldCollections", major ? sample.value() : 0, Double::sum);
        }
        case "jvm_gc_max_data_size_bytes", "jvm_threads_live_threads" ->
            sums.put(sample.name(), sample.value());
        default -> {
          // not sampled
        }
      }
    }
    Double oldMax = sums.get("jvm_gc_max_data_size_bytes");
    OptionalDouble afterGc =
        Double.isNaN(afterGcShare) || oldMax == null || !(oldMax > 0)
            ? OptionalDouble.empty()
            : OptionalDouble.of(afterGcShare * oldMax);
    return new JvmMetrics(
        afterGc,
        optional(sums.get("heapUsed")),
        optional(sums.get("jvm_threads_live_threads")),
        optional(sums.get("oldCollections")));
  }

  private static OptionalDouble optional(Double value) {
    return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
  }

  /** One exposition line: {@code name{label="value",…} value [timestamp]}. */
  record Sample(String name, Map<String, String> labels, double value) {

    static Sample parse(String line) {
      int brace = line.indexOf('{');
      int space = line.indexOf(' ');
      String name;
      Map<String, String> labels = new HashMap<>();
      String rest;
      if (brace >= 0 && (space < 0 || brace < space)) {
        name = line.substring(0, brace);
        int close = labels(line, brace, labels);
        rest = line.substring(close + 1);
      } else if (space > 0) {
        name = line.substring(0, space);
        rest = line.substring(space);
      } else {
        throw new IllegalArgumentException("not a Prometheus sample line: " + line);
      }
      // The value, then an optional timestamp.
      String value = rest.trim().split("\\s+")[0];
      return new Sample(name, labels, parseValue(value));
    }

    /** Reads the labels after {@code open} into {@code labels}; returns where they close. */
    private static int labels(String line, int open, Map<String, String> labels) {
      int i = open + 1;
      while (i < line.length() && line.charAt(i) != '}') {
        int equals = line.indexOf('=', i);
        if (equals < 0 || equals + 1 >= line.length() || line.charAt(equals + 1) != '"') {
          throw new IllegalArgumentException("malformed labels: " + line);
        }
        String key = line.substring(i, equals).trim();
        StringBuilder value = new StringBuilder();
        int j = equals + 2;
        for (; j < line.length() && line.charAt(j) != '"'; j++) {
          char c = line.charAt(j);
          if (c == '\\' && j + 1 < line.length()) {
            char escaped = line.charAt(++j);
            value.append(escaped == 'n' ? '\n' : escaped);
          } else {
            value.append(c);
          }
        }
        if (j >= line.length()) {
          throw new IllegalArgumentException("label value not closed: " + line);
        }
        labels.put(key, value.toString());
        i = j + 1;
        if (i < line.length() && line.charAt(i) == ',') {
          i++;
        }
      }
      if (i >= line.length()) {
        throw new IllegalArgumentException("labels not closed: " + line);
      }
      return i;
    }

    private static double parseValue(String text) {
      return switch (text) {
        case "+Inf" -> Double.POSITIVE_INFINITY;
        case "-Inf" -> Double.NEGATIVE_INFINITY;
        case "NaN" -> Double.NaN;
        default -> Double.parseDouble(text);
      };
    }
  }
}
