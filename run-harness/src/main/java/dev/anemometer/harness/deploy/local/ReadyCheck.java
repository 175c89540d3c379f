package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.Readiness;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Waits for a local tier process to be ready, and fails fast with its log when it dies instead (the
 * deploy API's {@link Readiness}, with the process's exit as its death).
 */
public final class ReadyCheck {

  private ReadyCheck() {}

  /**
   * Starts a tier process and waits until it accepts connections on {@code port}; one that does not
   * within {@code timeout} is stopped (with {@code grace}) and the start fails.
   */
  static ManagedProcess startListening(
      CorePlacement cores,
      String name,
      List<String> command,
      Path log,
      int port,
      Duration timeout,
      Duration grace)
      throws IOException {
    ManagedProcess process = cores.start(name, command, Map.of(), log);
    try {
      awaitTcp(process, port, timeout);
    } catch (RuntimeException e) {
      process.stop(grace);
      throw e;
    }
    return process;
  }

  public static void awaitTcp(ManagedProcess process, int port, Duration timeout) {
    await(process, () -> Ports.accepting(port), timeout, "port " + port + " to accept");
  }

  /** Waits until {@code uri} answers 200 (for the app: its readiness probe, database included). */
  public static void awaitHttp(ManagedProcess process, URI uri, Duration timeout) {
    await(process, () -> Readiness.answers200(uri), timeout, uri + " to answer 200");
  }

  /** The deploy API's wait, with this process's exit as its death and its log in the messages. */
  private static void await(
      ManagedProcess process, BooleanSupplier ready, Duration timeout, String what) {
    Readiness.await(
        ready,
        timeout,
        what,
        new Readiness.Watched(process.name(), process.log().toString(), () -> died(process, what)));
  }

  private static Optional<String> died(ManagedProcess process, String what) {
    if (process.isAlive()) {
      return Optional.empty();
    }
    return Optional.of(
        process.name()
            + " exited while waiting for "
            + what
            + "; last log lines ("
            + process.log()
            + "):\n"
            + process.logTail(15));
  }
}
