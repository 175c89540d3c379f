package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.TierStartException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** Waits for a tier to be ready, polling with a deadline, and fails fast when it dies instead. */
public final class ReadyCheck {

  private static final Duration POLL = Duration.ofMillis(200);
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

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
    await(process, () -> answers200(uri), timeout, uri + " to answer 200");
  }

  static boolean answers200(URI uri) {
    try {
      HttpRequest request =
          HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build();
      return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void await(
      ManagedProcess process, BooleanSupplier ready, Duration timeout, String what) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      if (ready.getAsBoolean()) {
        return;
      }
      if (process != null && !process.isAlive()) {
        throw new TierStartException(
            process.name()
                + " exited while waiting for "
                + what
                + "; last log lines ("
                + process.log()
                + "):\n"
                + process.logTail(15));
      }
      if (System.nanoTime() > deadline) {
        throw new TierStartException(
            (process == null ? "" : process.name() + ": ")
                + "timed out after "
                + timeout.toSeconds()
                + " s waiting for "
                + what
                + (process == null ? "" : "; log: " + process.log()));
      }
      try {
        Thread.sleep(POLL.toMillis()); // polling interval of a deadline loop, not a wait for state
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TierStartException("interrupted while waiting for " + what);
      }
    }
  }
}
