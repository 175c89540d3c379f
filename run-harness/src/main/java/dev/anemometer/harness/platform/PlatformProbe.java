package dev.anemometer.harness.platform;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.DbImpl;
import dev.anemometer.harness.config.LbImpl;
import dev.anemometer.harness.config.Target;
import dev.anemometer.harness.config.WebImpl;
import dev.anemometer.harness.deploy.OpenFilesLimit;
import dev.anemometer.harness.deploy.local.Executables;
import dev.anemometer.harness.deploy.local.PostgresBinaries;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Takes the {@link Platform} of this host: at the start of a run the host facts from /proc, /sys
 * and /etc, the JVMs, the reference speed and the loopback speed; after deploy the versions of the
 * tier binaries the local target started. Whatever cannot be read is left out rather than failing
 * the run.
 */
public final class PlatformProbe {

  private PlatformProbe() {}

  /** At run start, before any tier: the host, the JVMs and the reference speed. */
  public static Platform probe(AnemometerConfig config, Path projectRoot) {
    return new Platform(
        host(),
        os(),
        cpu(),
        memory(),
        harnessJdk(),
        appJdk(),
        config.target().configName(),
        null,
        firstLine(run(List.of("git", "-C", projectRoot.toString(), "rev-parse", "HEAD"))),
        ReferenceSpeed.measure(),
        LoopbackSpeed.measure().orElse(null),
        null);
  }

  /**
   * After deploy, when the binaries are in place: the versions of nginx, HAProxy and PostgreSQL as
   * the binaries the local target started report them.
   */
  public static Map<String, String> tierVersions(
      AnemometerConfig config, Path postgresBinariesBase) {
    return config.target() == Target.LOCAL
        ? localTierVersions(config, postgresBinariesBase)
        : Map.of("note", "those of the container images; not recorded yet");
  }

  private static String host() {
    return read("/proc/sys/kernel/hostname")
        .map(String::trim)
        .orElseGet(() -> System.getenv().getOrDefault("HOSTNAME", "unknown"));
  }

  private static Platform.Os os() {
    return new Platform.Os(
        System.getProperty("os.name"),
        read("/proc/sys/kernel/osrelease")
            .map(String::trim)
            .orElse(System.getProperty("os.version")),
        read("/etc/os-release").flatMap(HostFacts::distribution).orElse(null),
        System.getProperty("os.arch"),
        mitigations(),
        openFilesLimit(),
        memoryMonitors(Path.of("/sys/kernel/mm/damon/admin/kdamonds")));
  }

  /** The DAMON monitors that are on, each with its schemes' actions; null when none is. */
  static List<String> memoryMonitors(Path kdamonds) {
    List<String> running = new ArrayList<>();
    try (Stream<Path> monitors = Files.list(kdamonds)) {
      for (Path monitor : monitors.filter(Files::isDirectory).sorted().toList()) {
        if (!"on".equals(read(monitor.resolve("state").toString()).map(String::trim).orElse(""))) {
          continue;
        }
        List<String> actions = new ArrayList<>();
        try (Stream<Path> schemes =
            Files.find(
                monitor, 5, (path, attributes) -> path.getFileName().toString().equals("action"))) {
          schemes
              .sorted()
              .forEach(action -> read(action.toString()).map(String::trim).ifPresent(actions::add));
        }
        running.add(
            "kdamond "
                + monitor.getFileName()
                + (actions.isEmpty() ? "" : ": " + String.join(", ", actions)));
      }
    } catch (IOException | RuntimeException unreadable) {
      return null;
    }
    return running.isEmpty() ? null : running;
  }

  private static Long openFilesLimit() {
    long limit = OpenFilesLimit.ofThisProcess();
    return limit > 0 ? limit : null;
  }

  private static List<String> mitigations() {
    Path dir = Path.of("/sys/devices/system/cpu/vulnerabilities");
    Map<String, String> states = new TreeMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      files.forEach(
          file ->
              read(file.toString())
                  .ifPresent(state -> states.put(file.getFileName().toString(), state)));
    } catch (IOException | RuntimeException unreadable) {
      return null;
    }
    return HostFacts.mitigations(states);
  }

  private static Platform.Cpu cpu() {
    Optional<HostFacts.CpuInfo> info = read("/proc/cpuinfo").map(HostFacts::cpuInfo);
    Double quota = read("/sys/fs/cgroup/cpu.max").flatMap(HostFacts::cgroupCpuQuota).orElse(null);
    return new Platform.Cpu(
        info.map(HostFacts.CpuInfo::model).orElse(null),
        info.map(HostFacts.CpuInfo::logicalCpus).filter(n -> n > 0).orElse(null),
        Runtime.getRuntime().availableProcessors(),
        quota,
        info.map(HostFacts.CpuInfo::megahertz).orElse(null));
  }

  private static Platform.Memory memory() {
    Long total = read("/proc/meminfo").flatMap(HostFacts::memTotal).orElse(null);
    Long limit =
        read("/sys/fs/cgroup/memory.max").flatMap(HostFacts::cgroupMemoryLimit).orElse(null);
    return new Platform.Memory(total, limit);
  }

  private static Platform.Jdk harnessJdk() {
    return new Platform.Jdk(
        System.getProperty("java.vendor"),
        System.getProperty("java.runtime.version"),
        System.getProperty("java.vm.name"),
        ManagementFactory.getRuntimeMXBean().getInputArguments());
  }

  /** The app servers' java: this JVM's unless ANEMOMETER_JAVA names another. */
  private static String appJdk() {
    Path java = Executables.java();
    if (java.startsWith(Path.of(System.getProperty("java.home")))) {
      return "the harness's (" + System.getProperty("java.runtime.version") + ")";
    }
    return firstLine(run(List.of(java.toString(), "-version")));
  }

  private static Map<String, String> localTierVersions(AnemometerConfig config, Path binariesBase) {
    Map<String, String> versions = new TreeMap<>();
    List<AppInstanceSpec> instances = config.appInstances();
    if (uses(instances, s -> s.tiers().web() != null && s.tiers().web().impl() != WebImpl.NONE)) {
      Executables.find("nginx")
          .ifPresent(
              nginx ->
                  versions.put(
                      "nginx",
                      strip(firstLine(run(List.of(nginx.toString(), "-v"))), "nginx version: ")));
    }
    if (uses(instances, s -> s.tiers().lb() != null && s.tiers().lb().impl() != LbImpl.NONE)) {
      Executables.find("haproxy")
          .ifPresent(
              haproxy ->
                  versions.put(
                      "haproxy", beforeDash(firstLine(run(List.of(haproxy.toString(), "-v"))))));
    }
    if (uses(instances, s -> s.tiers().db().impl() == DbImpl.EMBEDDED)) {
      PostgresBinaries.installed(binariesBase)
          .ifPresent(
              home ->
                  versions.put(
                      "postgres",
                      firstLine(
                          run(List.of(home.resolve("bin/postgres").toString(), "--version")))));
    }
    if (uses(instances, s -> s.tiers().db().impl() != DbImpl.EMBEDDED)) {
      versions.put("postgres (system or external)", "not recorded");
    }
    versions.values().removeIf(v -> v == null);
    return versions;
  }

  private static boolean uses(List<AppInstanceSpec> instances, Predicate<AppInstanceSpec> tier) {
    return instances.stream().anyMatch(tier);
  }

  private static Optional<String> read(String file) {
    try {
      return Optional.of(Files.readString(Path.of(file), StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException unreadable) {
      return Optional.empty();
    }
  }

  /** A command's output (stdout and stderr), or null when it cannot run in two seconds. */
  static String run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      if (!process.waitFor(2, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return null;
      }
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return process.exitValue() == 0 ? output : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  static String firstLine(String text) {
    if (text == null) {
      return null;
    }
    List<String> lines = new ArrayList<>(text.lines().filter(l -> !l.isBlank()).toList());
    return lines.isEmpty() ? null : lines.get(0).trim();
  }

  private static String strip(String text, String prefix) {
    return text != null && text.startsWith(prefix) ? text.substring(prefix.length()) : text;
  }

  /** "HAProxy version 2.6.12-1 2023/12/16 - https://haproxy.org/" → before the " - ". */
  private static String beforeDash(String text) {
    int dash = text == null ? -1 : text.indexOf(" - ");
    return dash < 0 ? text : text.substring(0, dash);
  }
}
