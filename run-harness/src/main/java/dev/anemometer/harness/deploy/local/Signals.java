package dev.anemometer.harness.deploy.local;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** POSIX signals Java's process API does not send: STOP, CONT, INT — to a process and its tree. */
final class Signals {

  /** procps kill's complaint about one pid: {@code kill: (29309): No such process}. */
  private static final Pattern NO_SUCH_PROCESS =
      Pattern.compile(".*\\((\\d+)\\)(:| -) No such process");

  private Signals() {}

  static void send(String signal, ProcessHandle root) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("kill", "-" + signal, String.valueOf(root.pid())));
    root.descendants().forEach(d -> command.add(String.valueOf(d.pid())));
    run(command, signal, root);
  }

  /**
   * SIGCONT to a tree that may be stopped, even from an interrupted thread; a tree already gone has
   * nothing to resume.
   */
  static void resumeQuietly(ProcessHandle root) {
    boolean interrupted = Thread.interrupted();
    try {
      if (root.isAlive()) {
        send("CONT", root);
      }
    } catch (IOException goneMeanwhile) {
      // nothing left to resume
    } catch (InterruptedException e) {
      interrupted = true;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** To the process alone: nginx's master reloads on SIGHUP and manages its workers itself. */
  static void sendToProcess(String signal, ProcessHandle process)
      throws IOException, InterruptedException {
    run(List.of("kill", "-" + signal, String.valueOf(process.pid())), signal, process);
  }

  private static void run(List<String> command, String signal, ProcessHandle root)
      throws IOException, InterruptedException {
    Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
    boolean done = kill.waitFor(10, TimeUnit.SECONDS);
    String output = new String(kill.getInputStream().readAllBytes()).trim();
    if (!done || (kill.exitValue() != 0 && !onlyDescendantsWereGone(output, root))) {
      throw new IOException("kill -" + signal + " " + root.pid() + " failed: " + output);
    }
  }

  /**
   * kill signals every pid it can and fails if one is gone. A descendant (a PostgreSQL backend, an
   * nginx worker) may exit between listing and signalling: the signal reached every process that
   * still runs. The root gone is a failure.
   */
  static boolean onlyDescendantsWereGone(String output, ProcessHandle root) {
    if (output.isEmpty()) {
      return false;
    }
    for (String line : output.split("\\R")) {
      Matcher gone = NO_SUCH_PROCESS.matcher(line.trim());
      if (!gone.matches() || Long.parseLong(gone.group(1)) == root.pid()) {
        return false;
      }
    }
    return true;
  }

  /**
   * SIGKILL to the whole tree, leaving no orphan that keeps resources. The tree is frozen first: a
   * parent that sees a child die respawns it (nginx's master its workers, PostgreSQL's postmaster
   * its crash-recovery processes), and a child born between listing and killing would survive its
   * parent with the listening socket or the shared memory, so the restarted tier could not start.
   */
  static void killTree(ProcessHandle root) {
    try {
      send("STOP", root);
    } catch (IOException | InterruptedException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      // not frozen: the kill below still ends what it finds
    }
    List<ProcessHandle> tree = new ArrayList<>();
    root.descendants().forEach(tree::add);
    tree.add(root);
    tree.forEach(ProcessHandle::destroyForcibly);
    // Every process of the tree, not the root alone: a PostgreSQL backend that is still exiting
    // keeps the shared memory attached, and the restarted postmaster refuses to start beside it.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    for (ProcessHandle process : tree) {
      try {
        process.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (Exception notYet) {
        // reaped later; the caller checks liveness where it matters
      }
    }
  }
}
