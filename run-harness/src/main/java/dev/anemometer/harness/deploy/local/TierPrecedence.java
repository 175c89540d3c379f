package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.Autogroups;
import dev.anemometer.harness.deploy.Polling;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * The driver first for a core (decision 0011): on a machine the driver shares with the tiers, time
 * a response waits in a driver that is not scheduled is counted as the platform's latency. Every
 * tier process runs {@value #NICENESS} nice levels below the harness, in which the driver runs.
 *
 * <p>Nice values alone do not do it: the kernel shares the cores between sessions first
 * (autogroup), and every tier leads a session of its own ({@code setsid}), as does each PostgreSQL
 * backend. So the session each tier leads gets the same lower weight through {@code
 * /proc/<pid>/autogroup}, written only once the process has left the harness's session (written
 * earlier it would lower the harness itself). Neither needs a privilege: anyone may lower their own
 * processes.
 */
final class TierPrecedence {

  /** How far below the harness the tiers run: a weight about a tenth of the driver's. */
  static final int NICENESS = 10;

  private static final Duration SESSION_WAIT = Duration.ofSeconds(2);
  private static final Duration SESSION_POLL = Duration.ofMillis(5);

  private static final Path PROC = Path.of("/proc");

  private final Path nice;

  private TierPrecedence(Path nice) {
    this.nice = nice;
  }

  /**
   * Tiers lowered when {@code wanted} and this machine has {@code nice}; else tiers as they are.
   */
  static TierPrecedence of(boolean wanted) {
    Optional<Path> binary = wanted ? Executables.find("nice") : Optional.empty();
    return new TierPrecedence(binary.orElse(null));
  }

  static TierPrecedence none() {
    return new TierPrecedence(null);
  }

  boolean applies() {
    return nice != null;
  }

  /** {@code command} as it starts {@value #NICENESS} nice levels below the harness. */
  List<String> command(List<String> command) {
    if (!applies()) {
      return command;
    }
    List<String> lowered =
        new ArrayList<>(List.of(nice.toString(), "-n", String.valueOf(NICENESS)));
    lowered.addAll(command);
    return lowered;
  }

  /**
   * Lowers the session that tier process {@code pid} leads, once it leads one (setsid runs in the
   * new process a moment after it starts). A process that has not left the harness's session within
   * a moment is left as it is: lowering it would lower the harness too.
   */
  void lowerSession(long pid) throws InterruptedException {
    OptionalInt own = ownAutogroupNice();
    if (!applies() || own.isEmpty()) {
      return;
    }
    boolean leads =
        Polling.until(
            () -> leadsItsSession(pid) || !isAlive(pid), done -> done, SESSION_WAIT, SESSION_POLL);
    if (leads && leadsItsSession(pid)) {
      lowerNow(pid, own.getAsInt());
    }
  }

  /**
   * Lowers the sessions that the tiers' descendants lead: PostgreSQL backends each call setsid, and
   * would otherwise weigh as much as the driver each. Run once the app servers' pools are connected
   * (when the load starts); returns how many sessions it lowered.
   */
  int lowerDescendantSessions(List<Long> tierPids) {
    OptionalInt own = ownAutogroupNice();
    if (!applies() || own.isEmpty()) {
      return 0;
    }
    int lowered = 0;
    for (long tier : tierPids) {
      Optional<ProcessHandle> handle = ProcessHandle.of(tier);
      if (handle.isEmpty()) {
        continue;
      }
      try (Stream<ProcessHandle> descendants = handle.get().descendants()) {
        for (ProcessHandle child : descendants.toList()) {
          if (leadsItsSession(child.pid()) && lowerNow(child.pid(), own.getAsInt())) {
            lowered++;
          }
        }
      }
    }
    return lowered;
  }

  /**
   * Writes the session weight of a session leader, {@value #NICENESS} below the harness's own
   * ({@code ownNice}), unless it is that low already; true when it wrote it.
   */
  private boolean lowerNow(long pid, int ownNice) {
    OptionalInt current = autogroupNice(pid);
    if (current.isEmpty()) {
      return false;
    }
    int target = Math.min(19, ownNice + NICENESS);
    if (current.getAsInt() >= target) {
      return false;
    }
    try {
      Files.writeString(PROC.resolve(pid + "/autogroup"), target + "\n", StandardCharsets.US_ASCII);
      return true;
    } catch (IOException | SecurityException notAllowed) {
      return false; // ended meanwhile, or a kernel without autogroup: the nice value still holds
    }
  }

  private OptionalInt ownAutogroupNice() {
    return autogroupNice(ProcessHandle.current().pid());
  }

  /** The nice value of the session (autogroup) {@code pid} belongs to; empty without autogroup. */
  OptionalInt autogroupNice(long pid) {
    return Autogroups.niceOf(PROC.resolve(pid + "/autogroup"));
  }

  /** True when {@code pid} leads its own session (its session id is its pid). */
  boolean leadsItsSession(long pid) {
    return sessionOf(pid).orElse(-1L) == pid;
  }

  /** The session id of {@code pid}, the sixth field of its stat line. */
  Optional<Long> sessionOf(long pid) {
    try {
      String stat = Files.readString(PROC.resolve(pid + "/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Optional.of(Long.parseLong(fields[3]));
    } catch (IOException | RuntimeException unreadable) {
      return Optional.empty();
    }
  }

  private static boolean isAlive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** One line for the console. */
  String describe() {
    return applies()
        ? "tiers run "
            + NICENESS
            + " nice levels below the driver, their sessions too (driver.precedence)"
        : "driver and tiers at the same priority (driver.precedence: false)";
  }
}
