package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.TierExit;
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
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * One tier process started by the harness: its command, its log file, and a stop that leaves
 * nothing behind (SIGTERM, then SIGKILL after a grace period, for the process and every descendant
 * it spawned, such as nginx workers or PostgreSQL backends).
 */
public final class ManagedProcess {

  /** Tier processes start in a session of their own, so a signal for the harness misses them. */
  private static final Optional<Path> SETSID =
      Stream.of("/usr/bin/setsid", "/bin/setsid")
          .map(Path::of)
          .filter(Files::isExecutable)
          .findFirst();

  private final String name;
  private final Process process;
  private final Path log;
  // Set before a planned end (a stop, a fault's signal): only an end without it is reported.
  private volatile boolean endExpected;

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
        new ProcessBuilder(inSessionOfItsOwn(command))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().putAll(environment);
    return new ManagedProcess(name, builder.start(), log);
  }

  /**
   * The command run through {@code setsid}: the process leads a session and process group of its
   * own, so that Ctrl-C in the terminal or a signal to the harness's process group reaches the
   * harness alone, which then stops the tiers in order. {@code setsid} execs the command in its own
   * process (the JVM's child is no group leader), so the pid stays the tier's.
   */
  static List<String> inSessionOfItsOwn(List<String> command) {
    if (SETSID.isEmpty()) {
      return command;
    }
    List<String> wrapped = new ArrayList<>(command.size() + 1);
    wrapped.add(SETSID.get().toString());
    wrapped.addAll(command);
    return wrapped;
  }

  public String name() {
    return name;
  }

  /** Says that this process is about to end on purpose (a fault's signal, a stop). */
  public void expectEnd() {
    endExpected = true;
  }

  /** SIGKILL to the process and its descendants, as a planned fault. */
  public void kill() {
    expectEnd();
    Signals.killTree(process.toHandle());
  }

  /**
   * Tells {@code listener} if the process ends without {@link #expectEnd}, {@link #kill} or {@link
   * #stop} before it: a tier that crashed or that something outside the harness killed.
   */
  public void watch(Consumer<TierExit> listener) {
    process
        .onExit()
        .thenAccept(
            ended -> {
              if (!endExpected) {
                listener.accept(new TierExit(name, ended.pid(), ended.exitValue()));
              }
            });
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

  /** The exit code, or empty while the process still runs after {@code limit}. */
  public OptionalInt waitForExit(Duration limit) throws InterruptedException {
    return process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)
        ? OptionalInt.of(process.exitValue())
        : OptionalInt.empty();
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
    expectEnd();
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
    // A stopped process (a pause fault under way) would hold its SIGTERM for the whole grace.
    Signals.resumeQuietly(root);
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
