package dev.anemometer.driver.bench;

import dev.anemometer.driver.stats.Histograms;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the users of one {@link UserBench} process did in its measured window, or of several
 * processes merged: a count of users whose connections one process's open-file limit cannot hold
 * runs split over processes, and their figures add up exactly (CPU and operations summed, the
 * driver-added latency histograms merged).
 *
 * @param transport the event-loop transport ("epoll", "io_uring", "nio")
 * @param parts how many processes ran the users
 * @param users the users, in all processes
 * @param userSeconds users times the seconds of each process's window, summed
 * @param operations operations completed in the windows
 * @param failures operations that failed in the windows
 * @param bidsAcknowledged bids the app acknowledged over the whole run
 * @param processCpuNanos CPU time of the whole JVMs in the windows (GC and JIT threads included)
 * @param loopCpuNanos CPU time of the event-loop threads alone in the windows
 * @param loopBytes bytes the event-loop threads allocated in the windows
 * @param busiestThreads the threads that used most CPU in the windows, per process
 * @param driverAdded each successful operation's time from when it was due to its end, less its
 *     time on the wire, in nanoseconds
 */
public record UserBenchResult(
    String transport,
    int parts,
    int users,
    double userSeconds,
    long operations,
    long failures,
    long bidsAcknowledged,
    long processCpuNanos,
    long loopCpuNanos,
    long loopBytes,
    String busiestThreads,
    Histogram driverAdded) {

  /** The seconds of the measured window, weighted by each process's users. */
  public double seconds() {
    return users == 0 ? 0 : userSeconds / users;
  }

  /** The lines {@code bench.sh} reads, {@code key=value}: the figures, then the raw counts. */
  public String lines() {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("transport", transport);
    fields.put("parts", Integer.toString(parts));
    fields.put("users", Integer.toString(users));
    fields.put("seconds", format("%.3f", seconds()));
    fields.put("operations_per_second", format("%.1f", operations / seconds()));
    fields.put("failures", Long.toString(failures));
    fields.put("bids_acknowledged", Long.toString(bidsAcknowledged));
    fields.put(
        "process_cpu_us_per_user_second", format("%.3f", processCpuNanos / 1e3 / userSeconds));
    fields.put("loop_cpu_us_per_user_second", format("%.3f", loopCpuNanos / 1e3 / userSeconds));
    fields.put("users_per_core", format("%.0f", userSeconds * 1e9 / processCpuNanos));
    fields.put("busiest_threads", busiestThreads);
    fields.put("driver_added_us_p50", format("%.0f", driverAdded.getValueAtPercentile(50) / 1e3));
    fields.put("driver_added_us_p99", format("%.0f", driverAdded.getValueAtPercentile(99) / 1e3));
    fields.put(
        "driver_added_us_p999", format("%.0f", driverAdded.getValueAtPercentile(99.9) / 1e3));
    fields.put("driver_added_us_max", format("%.0f", driverAdded.getMaxValue() / 1e3));
    fields.put(
        "loop_bytes_allocated_per_operation",
        format("%.0f", operations == 0 ? 0.0 : (double) loopBytes / operations));
    fields.put("user_seconds", format("%.3f", userSeconds));
    fields.put("operations", Long.toString(operations));
    fields.put("process_cpu_ns", Long.toString(processCpuNanos));
    fields.put("loop_cpu_ns", Long.toString(loopCpuNanos));
    fields.put("loop_bytes", Long.toString(loopBytes));
    fields.put("driver_added_histogram", Histograms.encode(driverAdded));
    StringBuilder out = new StringBuilder();
    fields.forEach((key, value) -> out.append(key).append('=').append(value).append('\n'));
    return out.toString();
  }

  /** Reads what {@link #lines()} wrote; a line that is not {@code key=value} is ignored. */
  public static UserBenchResult parse(String text) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int equals = line.indexOf('=');
      if (equals > 0) {
        fields.put(line.substring(0, equals), line.substring(equals + 1).trim());
      }
    }
    return new UserBenchResult(
        field(fields, "transport"),
        Integer.parseInt(field(fields, "parts")),
        Integer.parseInt(field(fields, "users")),
        Double.parseDouble(field(fields, "user_seconds")),
        Long.parseLong(field(fields, "operations")),
        Long.parseLong(field(fields, "failures")),
        Long.parseLong(field(fields, "bids_acknowledged")),
        Long.parseLong(field(fields, "process_cpu_ns")),
        Long.parseLong(field(fields, "loop_cpu_ns")),
        Long.parseLong(field(fields, "loop_bytes")),
        field(fields, "busiest_threads"),
        Histograms.decode(field(fields, "driver_added_histogram")));
  }

  /** The processes' results as one: counts and CPU summed, latency histograms merged. */
  public static UserBenchResult merge(List<UserBenchResult> results) {
    if (results.isEmpty()) {
      throw new IllegalArgumentException("no results to merge");
    }
    if (results.size() == 1) {
      return results.get(0);
    }
    Histogram added = Histograms.empty();
    List<String> busiest = new ArrayList<>();
    int parts = 0;
    int users = 0;
    double userSeconds = 0;
    long operations = 0;
    long failures = 0;
    long bids = 0;
    long cpu = 0;
    long loopCpu = 0;
    long loopBytes = 0;
    for (UserBenchResult result : results) {
      parts += result.parts();
      users += result.users();
      userSeconds += result.userSeconds();
      operations += result.operations();
      failures += result.failures();
      bids += result.bidsAcknowledged();
      cpu += result.processCpuNanos();
      loopCpu += result.loopCpuNanos();
      loopBytes += result.loopBytes();
      busiest.add("process " + (busiest.size() + 1) + ": " + result.busiestThreads());
      added.add(result.driverAdded());
    }
    return new UserBenchResult(
        results.get(0).transport(),
        parts,
        users,
        userSeconds,
        operations,
        failures,
        bids,
        cpu,
        loopCpu,
        loopBytes,
        String.join("; ", busiest),
        added);
  }

  private static String field(Map<String, String> fields, String key) {
    String value = fields.get(key);
    if (value == null) {
      throw new IllegalArgumentException("a user bench result lacks " + key);
    }
    return value;
  }

  private static String format(String pattern, double value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
