package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploy.Autogroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * The driver first for the cores on the compose target, as the local target's tiers run below it
 * (decisions 0011 and 0023). The containers share one cgroup of the engine's, which the kernel
 * weighs as much as one session (autogroup) of the host: the driver's session gets no more than the
 * whole stack, and its event loops wait behind the containers for a core. The tiers are the
 * engine's to place, so here the harness raises its own session instead, {@value #LEVELS} nice
 * levels, for the load, and puts it back after. That needs CAP_SYS_NICE (root), and it weighs only
 * where the harness runs in the root CPU cgroup, as autogroups do; elsewhere the console says why
 * it did not apply.
 */
final class DriverSessionPriority implements AutoCloseable {

  /** How far the driver's session is raised: a weight about ten times the containers'. */
  static final int LEVELS = 10;

  private final Path autogroup;
  private final OptionalInt before;
  private final String description;

  private DriverSessionPriority(Path autogroup, OptionalInt before, String description) {
    this.autogroup = autogroup;
    this.before = before;
    this.description = description;
  }

  /** Raises this process's session when {@code wanted}; says in {@link #describe()} what it did. */
  static DriverSessionPriority raise(boolean wanted) {
    return raise(wanted, Path.of("/proc/self/autogroup"), Path.of("/proc/self/cgroup"));
  }

  static DriverSessionPriority raise(boolean wanted, Path autogroup, Path cgroup) {
    if (!wanted) {
      return notRaised(autogroup, "driver and containers at the same priority (driver.precedence)");
    }
    OptionalInt nice = Autogroups.niceOf(autogroup);
    if (nice.isEmpty()) {
      return notRaised(autogroup, "driver not raised: this kernel has no session autogroups");
    }
    String group = cpuCgroup(cgroup);
    if (!group.equals("/")) {
      return notRaised(
          autogroup,
          "driver not raised: the harness runs in CPU cgroup "
              + group
              + ", where session weights do not apply; give it a cgroup weighted above the"
              + " containers'");
    }
    int raised = Math.max(-20, nice.getAsInt() - LEVELS);
    try {
      Files.writeString(autogroup, raised + "\n", StandardCharsets.US_ASCII);
    } catch (IOException | SecurityException notAllowed) {
      return notRaised(
          autogroup,
          "driver not raised above the containers: raising its session needs CAP_SYS_NICE (root)");
    }
    return new DriverSessionPriority(
        autogroup,
        nice,
        "the driver's session runs "
            + (nice.getAsInt() - raised)
            + " nice levels above the containers for the load (driver.precedence)");
  }

  private static DriverSessionPriority notRaised(Path autogroup, String why) {
    return new DriverSessionPriority(autogroup, OptionalInt.empty(), why);
  }

  boolean raised() {
    return before.isPresent();
  }

  /** One line for the console. */
  String describe() {
    return description;
  }

  /** Puts the session back as it was. */
  @Override
  public void close() {
    if (before.isEmpty()) {
      return;
    }
    try {
      Files.writeString(autogroup, before.getAsInt() + "\n", StandardCharsets.US_ASCII);
    } catch (IOException | SecurityException gone) {
      // the session keeps the raised weight until it ends; nothing else depends on it
    }
  }

  /**
   * The CPU cgroup of this process: the {@code cpu} controller's line on cgroup v1, the unified
   * line ({@code 0::}) on v2; "/" when unreadable (the kernel then has no cgroups to weigh).
   */
  static String cpuCgroup(Path cgroup) {
    List<String> lines;
    try {
      lines = Files.readAllLines(cgroup);
    } catch (IOException unreadable) {
      return "/";
    }
    String unified = null;
    for (String line : lines) {
      String[] fields = line.split(":", 3);
      if (fields.length < 3) {
        continue;
      }
      if (List.of(fields[1].split(",")).contains("cpu")) {
        return fields[2];
      }
      if (fields[0].equals("0") && fields[1].isEmpty()) {
        unified = fields[2];
      }
    }
    return unified == null ? "/" : unified;
  }
}
