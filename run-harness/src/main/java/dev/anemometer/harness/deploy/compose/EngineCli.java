package dev.anemometer.harness.deploy.compose;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;

/**
 * The container engine's own command line ({@code docker <arguments>}), which is what Compose
 * itself reaches the engine through: every transport {@code DOCKER_HOST} or a docker context names
 * (a unix socket, tcp with or without TLS, ssh) works without the harness speaking any of them.
 */
interface EngineCli {

  /** Where the engine is, as the environment names it, for messages. */
  String host();

  /**
   * Runs one command and returns what it printed.
   *
   * @throws IOException with one line saying why (the CLI's own last words, or the timeout) when it
   *     did not succeed within {@code timeout}
   */
  String run(Duration timeout, String... arguments) throws IOException;

  /** Starts a command that goes on printing (the events stream) until it ends or is closed. */
  Following follow(String... arguments) throws IOException;

  /** A command that goes on printing. */
  interface Following extends Closeable {

    InputStream output();

    /** After the output ended: the command's exit code (waits for it to exit). */
    int exitCode();

    /** After the output ended: why the command stopped, in one line. */
    String ending();
  }

  /**
   * Empty when an engine answers with its version, else why not in one line. The server's version
   * needs the engine itself, not only the CLI.
   */
  default Optional<String> ping(Duration timeout) {
    try {
      String version = run(timeout, "version", "--format", "{{.Server.Version}}").strip();
      return version.isEmpty() || version.equals("<no value>")
          ? Optional.of("'docker version' names no server")
          : Optional.empty();
    } catch (IOException e) {
      return Optional.of(e.getMessage());
    }
  }
}
