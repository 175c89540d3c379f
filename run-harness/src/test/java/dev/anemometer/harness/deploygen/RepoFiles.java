package dev.anemometer.harness.deploygen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** The repository checkout the tests run in, and the command-line tools they validate with. */
public final class RepoFiles {

  private RepoFiles() {}

  public static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("not inside the repository: " + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  /**
   * Files under {@code dir}, relative to the root, skipping what a Compose run writes there and the
   * hand-written Grafana dashboards, which the generator does not produce.
   */
  static List<String> listed(Path root, String dir) {
    try (Stream<Path> files = Files.walk(root.resolve(dir))) {
      return files
          .filter(Files::isRegularFile)
          .map(f -> root.relativize(f).toString())
          .filter(f -> !f.startsWith("docker/results/"))
          .filter(f -> !f.startsWith("docker/grafana/") && !f.startsWith("k8s/grafana/"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public record Result(int exitCode, String output) {}

  /** Runs a tool; skips the test, saying why, when the tool is not installed. */
  public static Result run(List<String> command, Path workDir)
      throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        onPath(command.get(0)),
        command.get(0) + " is not installed: this validation is skipped (CI installs it)");
    Path output = Files.createTempFile("anemometer-tool", ".out");
    try {
      Process process =
          new ProcessBuilder(command)
              .directory(workDir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(command + " did not finish within 120 s");
      }
      return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  public static boolean onPath(String binary) {
    String path =
        System.getenv().getOrDefault("PATH", "") + ":/usr/bin:/usr/local/bin:/usr/sbin:/sbin";
    return Stream.of(path.split(":"))
        .filter(p -> !p.isEmpty())
        .anyMatch(p -> Files.isExecutable(Path.of(p, binary)));
  }
}
