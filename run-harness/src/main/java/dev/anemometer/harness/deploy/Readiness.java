package dev.anemometer.harness.deploy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a tier to become ready on any target: polls a check against a deadline and gives up at
 * once when the tier is seen to have died. A local process, a container and a pod each say in their
 * own way whether they died; the wait is the same.
 */
public final class Readiness {

  private static final Duration POLL = Duration.ofMillis(200);
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private Readiness() {}

  /**
   * The tier being waited for, as the messages name it.
   *
   * @param name its name, or empty
   * @param log where its log is, or empty
   * @param death why it died, empty while it lives (or when that cannot be seen)
   */
  public record Watched(String name, String log, Supplier<Optional<String>> death) {

    /** Nothing to name or watch but the deadline (a container the engine restarts, say). */
    public static final Watched NOTHING = new Watched("", "", Optional::empty);

    String timedOut(Duration timeout, String what) {
      return (name.isEmpty() ? "" : name + ": ")
          + "timed out after "
          + timeout.toSeconds()
          + " s waiting for "
          + what
          + (log.isEmpty() ? "" : "; log: " + log);
    }
  }

  /** Waits until {@code uri} answers 200 (for the app: its readiness probe, database included). */
  public static void awaitHttp(URI uri, Duration timeout) {
    await(() -> answers200(uri), timeout, uri + " to answer 200", Watched.NOTHING);
  }

  /**
   * Waits until {@code ready} holds; fails with a {@link TierStartException} once the tier is seen
   * dead, or after {@code timeout}.
   *
   * @param what what is awaited, for the messages ("port 8080 to accept")
   */
  public static void await(BooleanSupplier ready, Duration timeout, String what, Watched tier) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      if (ready.getAsBoolean()) {
        return;
      }
      Optional<String> died = tier.death().get();
      if (died.isPresent()) {
        throw new TierStartException(died.get());
      }
      if (System.nanoTime() > deadline) {
        throw new TierStartException(tier.timedOut(timeout, what));
      }
      try {
        Thread.sleep(POLL.toMillis()); // polling interval of a deadline loop, not a wait for state
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TierStartException("interrupted while waiting for " + what);
      }
    }
  }

  /** Whether {@code uri} answers 200 now. */
  public static boolean answers200(URI uri) {
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
}
