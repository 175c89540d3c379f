package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.CpuList;
import dev.anemometer.harness.config.DriverSpec;
import dev.anemometer.harness.config.HostCpusCheck;
import dev.anemometer.harness.deploy.TierStartException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Which cores the local target's processes run on. With {@code driver.cpus}, this JVM (and the
 * driver in it) runs on those cores while it drives the load, and every tier process starts on the
 * others through {@code taskset}, so that a busy driver does not take CPU from what it measures;
 * their children (nginx workers, PostgreSQL backends) inherit the cores. A tier whose config names
 * its own {@code cpus} starts on those instead ({@link #forTier}). Without either every process
 * shares every core, as the kernel schedules them.
 */
public final class CorePlacement {

  /**
   * A machine with at least this many cores gives the driver cores of its own by default: a quarter
   * of them, the last ones, at least one. With fewer, one core of the driver's would be half the
   * machine or more taken from the stack it measures; the driver keeps its precedence there instead
   * ({@code driver.precedence}).
   */
  static final int OWN_DRIVER_CORES_FROM = 4;

  /** taskset answers at once; anything slower is a machine in trouble. */
  private static final long TASKSET_TIMEOUT_SECONDS = 10;

  /** Threads started while taskset walks the JVM's threads may miss it: walk again. */
  private static final int PIN_ATTEMPTS = 3;

  // Null when the driver shares every core.
  private final CpuList driver;
  // Where tier processes start; null: wherever the kernel puts them.
  private final CpuList tiers;
  private final CpuList all;
  private final Path taskset;
  private final TierPrecedence precedence;

  private CorePlacement(
      CpuList driver, CpuList tiers, CpuList all, Path taskset, TierPrecedence precedence) {
    this.driver = driver;
    this.tiers = tiers;
    this.all = all;
    this.taskset = taskset;
    this.precedence = precedence;
  }

  private CorePlacement(CpuList driver, CpuList tiers, CpuList all, Path taskset) {
    this(driver, tiers, all, taskset, TierPrecedence.none());
  }

  /** Every process on every core: no {@code driver.cpus}, or a test's processes. */
  public static CorePlacement shared() {
    return new CorePlacement(null, null, null, null);
  }

  /**
   * The placement a config asks for on this machine; a config error, before anything starts, when
   * it pins cores this machine lacks or taskset is missing.
   */
  public static CorePlacement of(AnemometerConfig config) {
    CpuList machine = CpuList.ofThisProcess();
    List<String> lacking = HostCpusCheck.errors(config, machine);
    if (!lacking.isEmpty()) {
      throw new ConfigException(lacking);
    }
    boolean tiersPinned =
        config.appInstances().stream()
            .anyMatch(
                instance -> instance.tiers() != null && !instance.tiers().cpusByTier().isEmpty());
    Optional<Path> taskset = Executables.find("taskset");
    DriverSpec driver = withDefaultCores(config.driver(), tiersPinned, machine, taskset);
    return of(driver, tiersPinned, machine, taskset)
        .withPrecedence(TierPrecedence.of(config.driver().tiersBelowDriver()));
  }

  /**
   * The driver's cores when the config names none: on a machine of {@value #OWN_DRIVER_CORES_FROM}
   * cores or more with taskset, the users in this JVM and no tier pinned by hand, the last quarter
   * of them; otherwise as configured (every core shared).
   */
  static DriverSpec withDefaultCores(
      DriverSpec spec, boolean tiersPinned, CpuList machineCpus, Optional<Path> taskset) {
    if (spec.pinsCores()
        || spec.usesWorkers()
        || tiersPinned
        || taskset.isEmpty()
        || machineCpus.size() < OWN_DRIVER_CORES_FROM) {
      return spec;
    }
    int own = Math.max(1, machineCpus.size() / 4);
    List<Integer> cpus = machineCpus.cpus();
    return spec.withCpus(new CpuList(cpus.subList(cpus.size() - own, cpus.size())));
  }

  /** This placement with the tiers started below the driver, or not. */
  CorePlacement withPrecedence(TierPrecedence lowered) {
    return new CorePlacement(driver, tiers, all, taskset, lowered);
  }

  static CorePlacement of(DriverSpec spec, CpuList machineCpus, Optional<Path> taskset) {
    return of(spec, false, machineCpus, taskset);
  }

  static CorePlacement of(
      DriverSpec spec, boolean tiersPinned, CpuList machineCpus, Optional<Path> taskset) {
    if (!spec.pinsCores() && !tiersPinned) {
      return shared();
    }
    String key = spec.pinsCores() ? "driver.cpus" : "a tier's cpus";
    Path binary =
        taskset.orElseThrow(
            () ->
                new ConfigException(
                    key
                        + ": pinning cores needs taskset (util-linux) on the PATH; install it or"
                        + " remove "
                        + key));
    if (!spec.pinsCores()) {
      return new CorePlacement(null, null, machineCpus, binary);
    }
    return new CorePlacement(spec.cpus(), machineCpus.minus(spec.cpus()), machineCpus, binary);
  }

  /** This placement for a tier whose config names its own cores; {@code own} null: unchanged. */
  CorePlacement forTier(CpuList own) {
    if (own == null) {
      return this;
    }
    if (taskset == null) {
      throw new IllegalStateException("a placement made without taskset cannot pin a tier");
    }
    return new CorePlacement(driver, own, all, taskset, precedence);
  }

  /** True when the driver keeps cores of its own ({@code driver.cpus}). */
  public boolean pinsCores() {
    return driver != null;
  }

  /** For a tier's console line: {@code ", cores 0"} when its processes are pinned, else nothing. */
  String where() {
    return tiers == null ? "" : ", cores " + tiers;
  }

  /** {@code command} as it starts on the tiers' cores. */
  List<String> tierCommand(List<String> command) {
    if (tiers == null) {
      return command;
    }
    List<String> pinned = new ArrayList<>(List.of(taskset.toString(), "-c", tiers.toString()));
    pinned.addAll(command);
    return pinned;
  }

  /**
   * Starts a tier process on the tiers' cores, below the driver ({@link TierPrecedence}): every
   * tier starts here, at deploy and later.
   */
  ManagedProcess start(String name, List<String> command, Map<String, String> environment, Path log)
      throws IOException {
    ManagedProcess process =
        ManagedProcess.start(name, tierCommand(precedence.command(command)), environment, log);
    try {
      precedence.lowerSession(process.pid());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TierStartException("interrupted while lowering " + name + "'s priority");
    }
    return process;
  }

  /** Lowers the sessions the tiers' children lead (PostgreSQL backends); how many it lowered. */
  int lowerTierChildren(List<Long> tierPids) {
    return precedence.lowerDescendantSessions(tierPids);
  }

  /** One line for the console on the tiers' priority. */
  String describePrecedence() {
    return precedence.describe();
  }

  boolean lowersTiers() {
    return precedence.applies();
  }

  /** One line for the console: {@code driver: cores 1; tiers: cores 0}. */
  public String describe() {
    return pinsCores()
        ? "driver: cores " + driver + "; tiers: cores " + tiers
        : "driver and tiers share every core";
  }

  /** What the event log records of the pinning. */
  public Map<String, Object> details() {
    return Map.of("driverCpus", driver.toString(), "tierCpus", tiers.toString(), "pid", ownPid());
  }

  /** Moves every thread of this JVM onto the driver's cores; new threads inherit them. */
  public void pinThisJvm() {
    for (int attempt = 1; attempt <= PIN_ATTEMPTS; attempt++) {
      setThisJvm(driver);
      if (everyThreadOn(driver)) {
        return;
      }
    }
    throw new TierStartException(
        "driver.cpus: some threads of this JVM kept other cores after "
            + PIN_ATTEMPTS
            + " attempts of taskset -a");
  }

  /** Gives this JVM every core back, for what follows the load (audit, data reset, teardown). */
  public void releaseThisJvm() {
    setThisJvm(all);
  }

  private void setThisJvm(CpuList cpus) {
    List<String> command =
        List.of(taskset.toString(), "-a", "-p", "-c", cpus.toString(), String.valueOf(ownPid()));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      boolean done = process.waitFor(TASKSET_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!done || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new TierStartException(
            String.join(" ", command)
                + " failed: "
                + output.strip().lines().findFirst().orElse(""));
      }
    } catch (IOException e) {
      throw new TierStartException("cannot run " + taskset + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TierStartException("interrupted while pinning the driver's cores");
    }
  }

  private static boolean everyThreadOn(CpuList cpus) {
    try (Stream<Path> threads = Files.list(Path.of("/proc/self/task"))) {
      return threads.allMatch(thread -> cpus.equals(allowed(thread).orElse(cpus)));
    } catch (IOException e) {
      return true; // no /proc to check against: taskset's exit status is all there is
    }
  }

  /** A process's or thread's allowed CPUs; empty once it has exited. */
  static Optional<CpuList> allowed(Path procEntry) {
    try {
      return Optional.of(CpuList.fromStatus(Files.readString(procEntry.resolve("status"))));
    } catch (IOException gone) {
      return Optional.empty();
    }
  }

  private static long ownPid() {
    return ProcessHandle.current().pid();
  }

  @Override
  public String toString() {
    return describe();
  }
}
