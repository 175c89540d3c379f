package dev.anemometer.harness.results;

import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * {@code results/<yyyyMMdd-HHmmss>-<name>-repeats/}: a repeat set's own folder beside its runs'
 * folders, stamped with the set's start; it holds {@code repeats.json} and the set's report.html.
 */
public final class RepeatSetFolder {

  public static final String FILE = "repeats.json";
  public static final String SUFFIX = "-repeats";

  private final Path dir;

  private RepeatSetFolder(Path dir) {
    this.dir = dir;
  }

  /** Named for the set's start ({@code clock}'s now); created on the first write. */
  public static RepeatSetFolder named(Path resultsRoot, String name, Clock clock) {
    Path root = resultsRoot.toAbsolutePath().normalize();
    return new RepeatSetFolder(ResultsDirectory.newFolder(root, name + SUFFIX, clock));
  }

  public Path dir() {
    return dir;
  }

  /** Writes (again) {@code repeats.json}: after every run, so that a set broken off keeps it. */
  public Path write(Object repeatSet) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create repeat set folder " + dir, e);
    }
    Path file = dir.resolve(FILE);
    ResultsDirectory.write(file, Json.pretty().writeValueAsString(repeatSet) + "\n");
    return file;
  }
}
