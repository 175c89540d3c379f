package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What {@code deploy} leaves behind for {@code teardown}: every process in start order, with its
 * pid and start time (so that a reused pid is never killed), and each instance's URLs.
 */
public record LocalDeploymentState(
    String createdAt,
    String outputDir,
    List<ProcessEntry> processes,
    List<InstanceEntry> instances) {

  /** One running tier process. */
  public record ProcessEntry(String name, long pid, String startInstant, long stopGraceSeconds) {}

  /** One app instance, as {@code deployment.json} also lists it. */
  public record InstanceEntry(
      int appInstance,
      List<String> entryUrls,
      String jdbcUrl,
      String user,
      List<String> appServers) {}

  /** Enough for the app's graceful shutdown and a PostgreSQL checkpoint. */
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  public static LocalDeploymentState of(LocalDeployment deployment, Path outputDir) {
    ProcessGroup group = deployment.processes();
    List<ProcessEntry> processes =
        group.processes().stream()
            .map(
                p ->
                    new ProcessEntry(
                        p.name(), p.pid(), p.startInstant().toString(), STOP_GRACE.toSeconds()))
            .toList();
    return new LocalDeploymentState(
        Instant.now().toString(),
        outputDir.toString(),
        processes,
        deployment.instances().stream().map(LocalDeploymentState::entry).toList());
  }

  static InstanceEntry entry(DeployedInstance instance) {
    return new InstanceEntry(
        instance.index(),
        instance.entryUrls().stream().map(Object::toString).toList(),
        instance.database().shownUrl(),
        instance.database().user(),
        instance.appServers().stream().map(Object::toString).toList());
  }

  public void write(Path file) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, Json.pretty().writeValueAsString(this));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  public static Optional<LocalDeploymentState> read(Path file) {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          Json.pretty().readValue(Files.readString(file), LocalDeploymentState.class));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** Stops every process, last started first; returns how many were still running. */
  public int stopAll() {
    int stopped = 0;
    for (int i = processes.size() - 1; i >= 0; i--) {
      ProcessEntry entry = processes.get(i);
      if (ManagedProcess.stopPid(
          entry.pid(),
          Instant.parse(entry.startInstant()),
          Duration.ofSeconds(entry.stopGraceSeconds()))) {
        stopped++;
      }
    }
    return stopped;
  }
}
