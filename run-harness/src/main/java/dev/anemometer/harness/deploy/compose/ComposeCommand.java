package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploy.TierStartException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs Docker Compose: the {@code docker compose} plugin when there is one, else the standalone
 * {@code docker-compose}. Every call checks its exit code: a failed {@code up} is an infrastructure
 * error with the tool's own words, not a silent half-started stack.
 */
public final class ComposeCommand {

  /** Runs one command line with its output appended to a log; tests record instead. */
  @FunctionalInterface
  interface Runner {
    /** Returns the exit code; -1 when the command could not run or timed out. */
    int run(List<String> command, Path workDir, Path log);
  }

  /**
   * How long an engine may take to answer a ping: podman's API, busy removing another project on a
   * loaded machine, took over 10 s.
   */
  static final Duration PING_TIMEOUT = Duration.ofSeconds(30);

  private final List<String> executable;
  private final Path workDir;
  private final Runner runner;

  ComposeCommand(List<String> executable, Path workDir) {
    this(executable, workDir, (command, dir, log) -> execute(command, dir, log, 30));
  }

  ComposeCommand(List<String> executable, Path workDir, Runner runner) {
    this.executable = List.copyOf(executable);
    this.workDir = workDir;
    this.runner = runner;
  }

  /** Finds Compose and checks that a Docker engine answers; exit 3 with the reason if not. */
  public static ComposeCommand detect(Path workDir) {
    return detect(workDir, DockerCli.fromEnvironment());
  }

  /** As {@link #detect(Path)}, with the engine asked through {@code engine}. */
  static ComposeCommand detect(Path workDir, EngineCli engine) {
    // Probes run where the harness runs: the work directory may not exist yet.
    Path here = Path.of("").toAbsolutePath();
    List<String> executable;
    if (succeeds(List.of("docker", "compose", "version"), here)) {
      executable = List.of("docker", "compose");
    } else if (succeeds(List.of("docker-compose", "version"), here)) {
      executable = List.of("docker-compose");
    } else {
      throw new TierStartException(
          "target compose: neither 'docker compose' nor 'docker-compose' is installed;"
              + " install Docker Compose or use --set target=local");
    }
    // Compose's engine first (where the docker CLI is podman's, it answers without the API Compose
    // needs), then the engine the harness reads containers and events through.
    Optional<String> silent = composeSilence(executable, here).or(() -> engine.ping(PING_TIMEOUT));
    if (silent.isPresent()) {
      throw new TierStartException(
          "target compose: no Docker engine answers at "
              + engine.host()
              + " ("
              + silent.get()
              + "); start it, point DOCKER_HOST at it, or use --set target=local");
    }
    return new ComposeCommand(executable, workDir);
  }

  /** Runs one Compose command on a project; the output goes to {@code log}. */
  public void run(String project, Path composeFile, Path log, String... arguments) {
    List<String> command = new ArrayList<>(executable);
    command.addAll(List.of("-p", project, "-f", composeFile.toString()));
    command.addAll(List.of(arguments));
    int exit = runner.run(command, workDir, log);
    if (exit != 0) {
      throw new TierStartException(
          String.join(" ", command) + " failed (exit " + exit + "); see " + log);
    }
  }

  /**
   * Empty when Compose reaches its engine (it lists a project of no services), else the last line
   * it printed, which says why (Compose 1 ends a Python traceback with it).
   */
  private static Optional<String> composeSilence(List<String> executable, Path here) {
    try {
      Path dir = Files.createTempDirectory("anemometer-compose-probe");
      Path file =
          Files.writeString(dir.resolve("compose.yaml"), "version: \"3.8\"\nservices: {}\n");
      Path log = dir.resolve("probe.log");
      try {
        List<String> command = new ArrayList<>(executable);
        command.addAll(List.of("-p", "anemometer-probe", "-f", file.toString(), "ps", "-q"));
        if (execute(command, here, log, 1) == 0) {
          return Optional.empty();
        }
        List<String> lines =
            Files.readAllLines(log).stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
        return Optional.of(
            lines.isEmpty()
                ? String.join(" ", command) + " failed"
                : "Compose: " + lines.get(lines.size() - 1));
      } finally {
        Files.deleteIfExists(log);
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
      }
    } catch (IOException e) {
      return Optional.of("Compose could not be asked: " + e.getMessage());
    }
  }

  static boolean succeeds(List<String> command, Path workDir) {
    try {
      Path log = Files.createTempFile("anemometer-probe", ".log");
      try {
        return execute(command, workDir, log, 1) == 0;
      } finally {
        Files.deleteIfExists(log);
      }
    } catch (IOException e) {
      return false;
    }
  }

  private static int execute(List<String> command, Path workDir, Path log, int timeoutMinutes) {
    try {
      Files.createDirectories(log.toAbsolutePath().getParent());
      Files.createDirectories(workDir);
      Process process =
          new ProcessBuilder(command)
              .directory(workDir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        Files.writeString(
            log,
            "\n(timed out)\n",
            StandardCharsets.UTF_8,
            java.nio.file.StandardOpenOption.APPEND);
        return -1;
      }
      return process.exitValue();
    } catch (IOException e) {
      return -1; // not installed: the caller names the tool
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }
}
