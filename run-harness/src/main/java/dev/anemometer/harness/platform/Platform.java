package dev.anemometer.harness.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code platform} block of a results folder: what the run was measured on, so that a peak is
 * never set beside another from a different machine without knowing (summary.json, platform.json).
 *
 * @param tierVersions nginx, haproxy, postgres as the binaries the harness starts report them
 * @param commit the project's git commit, when the harness runs from a checkout
 * @param loopbackSpeed the loopback HTTP round-trip rate; absent when loopback could not be used
 * @param afterRun the same two figures taken again once the tiers have stopped: on a shared virtual
 *     machine they move by tens of percent within minutes (decision 0012), and the pair says
 *     whether the machine held still while the run measured it; absent until the run ends
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Platform(
    String host,
    Os os,
    Cpu cpu,
    Memory memory,
    Jdk harnessJdk,
    String appJdk,
    String target,
    Map<String, String> tierVersions,
    String commit,
    ReferenceSpeed referenceSpeed,
    LoopbackSpeed loopbackSpeed,
    MachineSpeed afterRun) {

  /** The machine's two reference figures at one moment; the loopback one absent if unusable. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record MachineSpeed(ReferenceSpeed referenceSpeed, LoopbackSpeed loopbackSpeed) {

    /** Both figures, measured now (about 1.1 s); the machine should be idle. */
    public static MachineSpeed measure() {
      return new MachineSpeed(ReferenceSpeed.measure(), LoopbackSpeed.measure().orElse(null));
    }

    /** "reference speed 0.97, loopback 0.80 (30k round trips/s)". */
    public String describe() {
      String text = String.format(Locale.ROOT, "reference speed %.2f", referenceSpeed.score());
      return loopbackSpeed == null
          ? text
          : text
              + String.format(
                  Locale.ROOT,
                  ", loopback %.2f (%s)",
                  loopbackSpeed.score(),
                  loopbackSpeed.thousandsPerSecond());
    }
  }

  public Platform withTierVersions(Map<String, String> versions) {
    return with(versions, afterRun);
  }

  /** This platform with the reference figures taken again at the end of the run. */
  public Platform withAfterRun(MachineSpeed speed) {
    return with(tierVersions, speed);
  }

  private Platform with(Map<String, String> versions, MachineSpeed speed) {
    return new Platform(
        host,
        os,
        cpu,
        memory,
        harnessJdk,
        appJdk,
        target,
        versions,
        commit,
        referenceSpeed,
        loopbackSpeed,
        speed);
  }

  /**
   * The operating system; {@code kernel} is what {@code uname -r} prints.
   *
   * @param mitigations the CPU vulnerability mitigations the kernel applies ({@code
   *     /sys/devices/system/cpu/vulnerabilities}), such as "meltdown: PTI": several make every
   *     system call and interrupt dearer, so two machines of the same CPU speed can carry different
   *     loads (a web stack spends a third of its CPU in the kernel); absent where the kernel does
   *     not say
   * @param openFilesLimit the open-file limit the harness, its driver and the local tiers run with
   *     (soft, {@code ulimit -n}): every simulated user keeps a few connections open in the driver
   *     and in the web tier, so it bounds the users one machine can drive; absent where unknown
   * @param memoryMonitors the kernel's DAMON monitors that were running, each with what it does
   *     ("kdamond 0: pageout"): a pageout scheme walks and reclaims memory on its own thread and
   *     took 0.9 of a 2-core VM's cores under load; the CPU shows as "other" in the windows' CPU;
   *     absent when none runs
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Os(
      String name,
      String kernel,
      String distribution,
      String arch,
      List<String> mitigations,
      Long openFilesLimit,
      List<String> memoryMonitors) {}

  /**
   * @param logicalCpus the host's logical CPUs, from /proc/cpuinfo
   * @param availableProcessors what the JVM may use (affinity and cgroup limits applied)
   * @param cgroupQuotaCores the cgroup's CPU quota (cpu.max) in cores; absent without one
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Cpu(
      String model,
      Integer logicalCpus,
      int availableProcessors,
      Double cgroupQuotaCores,
      Double megahertz) {}

  /**
   * @param cgroupLimitBytes the cgroup's memory.max; absent without one
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Memory(Long totalBytes, Long cgroupLimitBytes) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Jdk(String vendor, String version, String vm, List<String> flags) {}

  /**
   * The line printed at run start: {@code platform: 2 cores AMD EPYC, 8 GiB, Linux 6.1, JDK 25;
   * reference speed 1.00 (100 Mop/s/core, 98 with two threads); loopback 1.00 (25k round trips/s)}.
   */
  public String headline() {
    StringBuilder line = new StringBuilder("platform: ");
    line.append(cores()).append(" cores");
    if (cpu.model() != null) {
      line.append(' ').append(cpu.model());
    }
    if (memory.totalBytes() != null) {
      line.append(", ").append(gibibytes(memory.totalBytes())).append(" GiB");
    }
    line.append(", ").append(os.name()).append(' ').append(shortKernel(os.kernel()));
    if (os.openFilesLimit() != null) {
      line.append(", open files ").append(os.openFilesLimit());
    }
    if (os.memoryMonitors() != null) {
      line.append(", DAMON running (").append(String.join(", ", os.memoryMonitors())).append(')');
    }
    line.append(", JDK ").append(harnessJdk.version());
    if (referenceSpeed != null) {
      line.append(
          String.format(
              Locale.ROOT,
              "; reference speed %.2f (%.0f Mop/s/core, %.0f with two threads)",
              referenceSpeed.score(),
              referenceSpeed.operationsPerSecond() / 1e6,
              referenceSpeed.twoThreadOperationsPerSecondPerThread() / 1e6));
    }
    if (loopbackSpeed != null) {
      line.append(
          String.format(
              Locale.ROOT,
              "; loopback %.2f (%s)",
              loopbackSpeed.score(),
              loopbackSpeed.thousandsPerSecond()));
    }
    return line.toString();
  }

  /** The cores the run could use: the cgroup quota when lower than the processors. */
  String cores() {
    if (cpu.cgroupQuotaCores() != null && cpu.cgroupQuotaCores() < cpu.availableProcessors()) {
      return String.format(
          Locale.ROOT, "%.1f (quota of %d)", cpu.cgroupQuotaCores(), cpu.availableProcessors());
    }
    return Integer.toString(cpu.availableProcessors());
  }

  private static String gibibytes(long bytes) {
    return String.format(Locale.ROOT, "%.0f", bytes / (double) (1L << 30));
  }

  /** 6.1.0-18-amd64 → 6.1. */
  static String shortKernel(String kernel) {
    if (kernel == null) {
      return "";
    }
    String[] parts = kernel.split("[.-]");
    return parts.length >= 2 ? parts[0] + "." + parts[1] : kernel;
  }
}
