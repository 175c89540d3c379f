package dev.anemometer.harness.deploy.compose;

import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * Whether a Docker engine answers here, asked as the compose target asks it (the server's version,
 * through the engine's CLI). A test skipped either way says why in the build log as well as in its
 * report.
 */
final class Engines {

  private Engines() {}

  /** Empty when the engine of this environment answers; else why not. */
  static Optional<String> silence() {
    return DockerCli.fromEnvironment().ping(ComposeCommand.PING_TIMEOUT);
  }

  /** Skips the calling test unless an engine answers. */
  static void assumeAnEngine(String test) {
    Optional<String> silence = silence();
    skipIf(
        silence.isPresent(),
        test,
        () ->
            "no Docker engine answers at "
                + DockerCli.fromEnvironment().host()
                + ": "
                + silence.orElse(""));
  }

  /** Skips the calling test if an engine answers: it would really start containers. */
  static void assumeNoEngine(String test, String because) {
    skipIf(
        silence().isEmpty(),
        test,
        () ->
            "a Docker engine answers at "
                + DockerCli.fromEnvironment().host()
                + " (it told its version): "
                + because);
  }

  /** Skips the calling test, saying why in the build log too, if {@code skip}. */
  static void skipIf(boolean skip, String test, java.util.function.Supplier<String> reason) {
    if (skip) {
      String line = test + " skipped: " + reason.get();
      System.out.println("[SKIPPED] " + line);
      Assumptions.abort(line);
    }
  }
}
