package dev.anemometer.harness.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the files of {@code /proc}, {@code /sys} and {@code /etc} say about this host. */
final class HostFacts {

  private HostFacts() {}

  /** The CPU as {@code /proc/cpuinfo} describes it. */
  record CpuInfo(String model, int logicalCpus, Double megahertz) {}

  static CpuInfo cpuInfo(String text) {
    String model = null;
    Double megahertz = null;
    int processors = 0;
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (colon < 0) {
        continue;
      }
      String key = line.substring(0, colon).trim();
      String value = line.substring(colon + 1).trim();
      switch (key) {
        case "processor" -> processors++;
        case "model name" -> model = model == null ? value : model;
        case "cpu MHz" -> megahertz = megahertz == null ? parseDouble(value) : megahertz;
        default -> {}
      }
    }
    return new CpuInfo(model, processors, megahertz);
  }

  /**
   * Cores the cgroup lets this process use, from {@code cpu.max} ("200000 100000" is 2 cores);
   * empty for "max", no limit.
   */
  static Optional<Double> cgroupCpuQuota(String cpuMax) {
    String[] parts = cpuMax.trim().split("\\s+");
    if (parts.length != 2 || parts[0].equals("max")) {
      return Optional.empty();
    }
    try {
      return Optional.of(Long.parseLong(parts[0]) / (double) Long.parseLong(parts[1]));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** {@code memory.max} in bytes; empty for "max". */
  static Optional<Long> cgroupMemoryLimit(String memoryMax) {
    try {
      return Optional.of(Long.parseLong(memoryMax.trim()));
    } catch (NumberFormatException unlimited) {
      return Optional.empty();
    }
  }

  /** {@code MemTotal} of {@code /proc/meminfo}, in bytes. */
  static Optional<Long> memTotal(String meminfo) {
    for (String line : meminfo.split("\n")) {
      if (line.startsWith("MemTotal:")) {
        String[] parts = line.substring("MemTotal:".length()).trim().split("\\s+");
        return Optional.of(Long.parseLong(parts[0]) * 1024);
      }
    }
    return Optional.empty();
  }

  /**
   * The mitigations in force, one "name: what" each ("meltdown: PTI"), from the files of {@code
   * /sys/devices/system/cpu/vulnerabilities} by name: those whose state begins with "Mitigation:";
   * a CPU that is not affected, or a kernel that leaves it vulnerable, pays nothing.
   */
  static List<String> mitigations(Map<String, String> states) {
    List<String> applied = new ArrayList<>();
    states.forEach(
        (name, state) -> {
          String text = state.trim();
          if (text.startsWith("Mitigation:")) {
            applied.add(name + ": " + text.substring("Mitigation:".length()).trim());
          }
        });
    return applied;
  }

  /** {@code PRETTY_NAME} of {@code /etc/os-release}. */
  static Optional<String> distribution(String osRelease) {
    for (String line : osRelease.split("\n")) {
      if (line.startsWith("PRETTY_NAME=")) {
        return Optional.of(line.substring("PRETTY_NAME=".length()).replace("\"", "").trim());
      }
    }
    return Optional.empty();
  }

  private static Double parseDouble(String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
