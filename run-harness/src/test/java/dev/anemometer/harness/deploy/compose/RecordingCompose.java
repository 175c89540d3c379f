package dev.anemometer.harness.deploy.compose;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Plays Docker Compose for tests that cannot have an engine: records every command line it is
 * given, writes a line into its log as Compose would, and fails the commands a test asks it to.
 */
final class RecordingCompose {

  /**
   * The engine beside a played Compose: it lists no containers, so that a scale change has none to
   * wait for or drain, and its events stream stays quiet.
   */
  static FakeEngine quietEngine() {
    return new FakeEngine().answer("ps", "");
  }

  private final List<List<String>> commands = new ArrayList<>();
  private final Predicate<List<String>> failing;

  RecordingCompose() {
    this(command -> false);
  }

  RecordingCompose(Predicate<List<String>> failing) {
    this.failing = failing;
  }

  ComposeCommand command(Path workDir) {
    return new ComposeCommand(List.of("docker", "compose"), workDir, this::run);
  }

  private synchronized int run(List<String> command, Path workDir, Path log) {
    commands.add(List.copyOf(command));
    try {
      Files.createDirectories(log.toAbsolutePath().getParent());
      Files.writeString(
          log,
          String.join(" ", command) + "\n",
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return failing.test(command) ? 1 : 0;
  }

  /** Each command from the subcommand on ({@code up -d …}), without the project options. */
  synchronized List<String> subcommands() {
    return commands.stream()
        .map(c -> String.join(" ", c.subList(c.indexOf("-f") + 2, c.size())))
        .toList();
  }

  synchronized List<List<String>> commands() {
    return List.copyOf(commands);
  }
}
