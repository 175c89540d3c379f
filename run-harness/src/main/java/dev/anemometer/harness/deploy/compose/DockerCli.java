package dev.anemometer.harness.deploy.compose;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code docker} as a child process with this process's environment, plus what a caller sets
 * ({@code DOCKER_HOST} for one engine among several). Output goes through files, so a chatty
 * command never blocks on a full pipe and a timed-out one is simply killed.
 */
final class DockerCli implements EngineCli {

  private final Map<String, String> environment;

  private DockerCli(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  /** The engine this process's environment names. */
  static DockerCli fromEnvironment() {
    return new DockerCli(Map.of());
  }

  /** The engine {@code environment} names, on top of this process's. */
  static DockerCli with(Map<String, String> environment) {
    return new DockerCli(environment);
  }

  @Override
  public String host() {
    String host = environment.getOrDefault("DOCKER_HOST", System.getenv("DOCKER_HOST"));
    if (host != null && !host.isBlank()) {
      return host;
    }
    String context = environment.getOrDefault("DOCKER_CONTEXT", System.getenv("DOCKER_CONTEXT"));
    return context != null && !context.isBlank()
        ? "docker context " + context
        : "docker's current context (DOCKER_HOST unset)";
  }

  @Override
  public String run(Duration timeout, String... arguments) throws IOException {
    Path out = Files.createTempFile("anemometer-docker", ".out");
    Path err = Files.createTempFile("anemometer-docker", ".err");
    Process process = null;
    try {
      process = launch(start(arguments).redirectOutput(out.toFile()).redirectError(err.toFile()));
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        destroy(process);
        throw new IOException(
            "no answer from '" + command(arguments) + "' within " + timeout.toMillis() + " ms");
      }
      if (process.exitValue() != 0) {
        throw new IOException(firstWords(Files.readString(err), process.exitValue()));
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      if (process != null) {
        destroy(process);
      }
      throw new IOException("interrupted while '" + command(arguments) + "' ran");
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  @Override
  public Following follow(String... arguments) throws IOException {
    Path err = Files.createTempFile("anemometer-docker", ".err");
    Process process;
    try {
      process = launch(start(arguments).redirectError(err.toFile()));
    } catch (IOException e) {
      Files.deleteIfExists(err);
      throw e;
    }
    return new Following() {
      @Override
      public InputStream output() {
        return process.getInputStream();
      }

      @Override
      public int exitCode() {
        try {
          return process.waitFor();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return -1;
        }
      }

      @Override
      public String ending() {
        int exit = exitCode();
        try {
          return firstWords(Files.readString(err), exit);
        } catch (IOException e) {
          return "exit " + exit;
        }
      }

      @Override
      public void close() throws IOException {
        destroy(process);
        Files.deleteIfExists(err);
      }
    };
  }

  /**
   * Ends a command and what it started (the {@code ssh} of an {@code ssh://} engine), which would
   * otherwise outlive it.
   */
  private static void destroy(Process process) {
    List<ProcessHandle> started = process.descendants().toList();
    process.destroy();
    started.forEach(ProcessHandle::destroy);
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.destroyForcibly();
    started.forEach(ProcessHandle::destroyForcibly);
  }

  private static Process launch(ProcessBuilder builder) throws IOException {
    try {
      return builder.start();
    } catch (IOException e) {
      throw new IOException("the engine's CLI cannot run: " + e.getMessage(), e);
    }
  }

  private ProcessBuilder start(String... arguments) {
    List<String> command = new ArrayList<>(List.of("docker"));
    command.addAll(List.of(arguments));
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE);
    builder.environment().putAll(environment);
    return builder;
  }

  private static String command(String... arguments) {
    return "docker " + String.join(" ", arguments);
  }

  /**
   * The CLI's first line on its error stream, which says why (later ones point at its help); its
   * exit code when it said nothing.
   */
  private static String firstWords(String errors, int exit) {
    return errors
        .lines()
        .map(String::strip)
        .filter(line -> !line.isEmpty())
        .findFirst()
        .orElse("exit " + exit);
  }
}
