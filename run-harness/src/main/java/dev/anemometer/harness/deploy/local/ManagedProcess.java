package dev.anemometer.harness.deploy.local;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One tier process started by the harness: its command, its log file, and a stop that leaves
 * nothing behind (SIGTERM, then SIGKILL after a grace period, for the process and every descendant
 * it spawned, such as nginx workers or PostgreSQL backends).
 */
public final class ManagedProcess {

  private final String name;
  private final Process process;
  private final Path log;

  private ManagedProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  public static ManagedProcess start(
      String name, List<String> command, Map<String, String> environment, Path log)
      throws IOException {
    Files.createDirectories(log.toAbsolutePath().getParent());
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().putAll(environment);
    return new ManagedProcess(name, builder.start(), log);
  }

  public String name() {
    return name;
  }

  public long pid() {
    return process.pid();
  }

  public Path log() {
    return log;
  }

  public int waitForExit() throws InterruptedException {
    return process.waitFor();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public ProcessHandle handle() {
    return process.toHandle();
  }

  /** When the process started, so a later teardown can tell it from a reused pid. */
  public Instant startInstant() {
    return process.toHandle().info().startInstant().orElse(Instant.EPOCH);
  }

  /** The last lines of the log, to explain why a tier did not come up. */
  public String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  public void stop(Duration grace) {
    stopTree(process.toHandle(), grace);
  }

  /**
   * Stops a process found by pid (a deployment left running by another invocation), provided it is
   * still the process that was started at {@code startInstant}.
   */
  public static boolean stopPid(long pid, Instant startInstant, Duration grace) {
    Optional<ProcessHandle> handle = ProcessHandle.of(pid);
    if (handle.isEmpty() || !handle.get().isAlive()) {
      return false;
    }
    Optional<Instant> started = handle.get().info().startInstant();
    if (started.isPresent()
        && !startInstant.equals(Instant.EPOCH)
        && Math.abs(Duration.between(started.get(), startInstant).toMillis()) > 2_000) {
      return false; // the pid now belongs to someone else
    }
    stopTree(handle.get(), grace);
    return true;
  }

  static void stopTree(ProcessHandle root, Duration grace) {
    List<ProcessHandle> tree = new ArrayList<>();
    tree.add(root);
    root.descendants().forEach(tree::add);
    root.destroy();
    if (!awaitExit(tree, grace)) {
      // Children forked during the grace period are not in the first snapshot: take another.
      List<ProcessHandle> now = new ArrayList<>(tree);
      tree.stream().filter(ProcessHandle::isAlive).forEach(h -> h.descendants().forEach(now::add));
      now.forEach(ProcessHandle::destroyForcibly);
      awaitExit(now, Duration.ofSeconds(10));
    }
  }

  private static boolean awaitExit(List<ProcessHandle> tree, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (ProcessHandle handle : tree) {
      long left = deadline - System.nanoTime();
      try {
        handle.onExit().get(Math.max(1, left), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      } catch (Exception timedOut) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return name + " (pid " + pid() + ")";
  }
}
