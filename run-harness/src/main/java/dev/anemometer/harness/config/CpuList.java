package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A set of CPUs in Linux's list format ({@code 1}, {@code 0-1}, {@code 2,3}, {@code 0-3,6}), the
 * form taskset takes and {@code /proc/<pid>/status} shows as {@code Cpus_allowed_list}.
 *
 * @param cpus the CPU numbers, ascending, each once
 */
public record CpuList(List<Integer> cpus) {

  public static final String EXPECTED = "a CPU list such as 1, 0-1 or 2,3";

  /** Linux's largest CPU count (NR_CPUS); a bound that keeps a mistyped range from exploding. */
  static final int MAX_CPUS = 8192;

  private static final Pattern ELEMENT = Pattern.compile("(\\d{1,5})(?:-(\\d{1,5}))?");

  public CpuList {
    cpus = List.copyOf(new TreeSet<>(cpus));
  }

  /** Parses a CPU list; a YAML number ({@code cpus: 1}) arrives here as its text. */
  public static CpuList parse(String text) {
    String trimmed = text == null ? "" : text.trim();
    if (trimmed.isEmpty()) {
      throw new IllegalArgumentException("must name at least one CPU (" + EXPECTED + ")");
    }
    TreeSet<Integer> cpus = new TreeSet<>();
    for (String element : trimmed.split(",", -1)) {
      Matcher matcher = ELEMENT.matcher(element.trim());
      if (!matcher.matches()) {
        throw new IllegalArgumentException("'" + text + "' is not " + EXPECTED);
      }
      int first = Integer.parseInt(matcher.group(1));
      int last = matcher.group(2) == null ? first : Integer.parseInt(matcher.group(2));
      if (last < first) {
        throw new IllegalArgumentException(
            "'" + text + "': the range " + element.trim() + " runs backwards");
      }
      if (last >= MAX_CPUS) {
        throw new IllegalArgumentException(
            "'" + text + "': cpu " + last + " is beyond Linux's " + MAX_CPUS + " CPUs");
      }
      for (int cpu = first; cpu <= last; cpu++) {
        cpus.add(cpu);
      }
    }
    return new CpuList(List.copyOf(cpus));
  }

  /**
   * The CPUs this process may run on: its {@code Cpus_allowed_list}, else (not Linux) CPUs 0 to the
   * processor count less one.
   */
  public static CpuList ofThisProcess() {
    try {
      return fromStatus(Files.readString(Path.of("/proc/self/status")));
    } catch (IOException | IllegalArgumentException e) {
      List<Integer> all = new ArrayList<>();
      for (int cpu = 0; cpu < Runtime.getRuntime().availableProcessors(); cpu++) {
        all.add(cpu);
      }
      return new CpuList(all);
    }
  }

  /** The {@code Cpus_allowed_list} of a {@code /proc/<pid>/status} text. */
  public static CpuList fromStatus(String status) {
    return status
        .lines()
        .filter(line -> line.startsWith("Cpus_allowed_list:"))
        .map(line -> parse(line.substring(line.indexOf(':') + 1)))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no Cpus_allowed_list in the status"));
  }

  /** The CPUs of this list that {@code other} does not name. */
  public CpuList minus(CpuList other) {
    List<Integer> rest = new ArrayList<>(cpus);
    rest.removeAll(other.cpus);
    return new CpuList(rest);
  }

  public boolean isEmpty() {
    return cpus.isEmpty();
  }

  public int size() {
    return cpus.size();
  }

  /** The compact form Linux writes: ascending, runs joined into ranges ({@code 0-2,5}). */
  @JsonValue
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    int i = 0;
    while (i < cpus.size()) {
      int last = i;
      while (last + 1 < cpus.size() && cpus.get(last + 1) == cpus.get(last) + 1) {
        last++;
      }
      if (!text.isEmpty()) {
        text.append(',');
      }
      text.append(cpus.get(i));
      if (last > i) {
        text.append('-').append(cpus.get(last));
      }
      i = last + 1;
    }
    return text.toString();
  }
}
