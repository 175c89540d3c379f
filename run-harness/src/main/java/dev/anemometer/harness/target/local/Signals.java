package dev.anemometer.harness.target.local;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** POSIX signals Java's process API does not send: STOP, CONT, INT — to a process and its tree. */
final class Signals {

  private Signals() {}

  static void send(String signal, ProcessHandle root) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("kill", "-" + signal, String.valueOf(root.pid())));
    root.descendants().forEach(d -> command.add(String.valueOf(d.pid())));
    run(command, signal, root);
  }

  /** To the process alone: nginx's master reloads on SIGHUP and manages its workers itself. */
  static void sendToProcess(String signal, ProcessHandle process)
      throws IOException, InterruptedException {
    run(List.of("kill", "-" + signal, String.valueOf(process.pid())), signal, process);
  }

  private static void run(List<String> command, String signal, ProcessHandle root)
      throws IOException, InterruptedException {
    Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new IOException(
          "kill -"
              + signal
              + " "
              + root.pid()
              + " failed: "
              + new String(kill.getInputStream().readAllBytes()).trim());
    }
  }

  /** SIGKILL to the whole tree at once, so no orphan (a PostgreSQL backend) keeps resources. */
  static void killTree(ProcessHandle root) {
    root.descendants().forEach(ProcessHandle::destroyForcibly);
    root.destroyForcibly();
    try {
      root.onExit().get(10, TimeUnit.SECONDS);
    } catch (Exception notYet) {
      // reaped later; the caller checks liveness where it matters
    }
  }
}
