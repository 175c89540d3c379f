package dev.anemometer.harness.report;

import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.results.StudyFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * A repeat set's folder as the report and compare read it: its {@code repeats.json}, its runs'
 * folders (siblings of the set's), and, for a run's folder, the set it belongs to.
 */
final class RepeatSetData {

  private RepeatSetData() {}

  static boolean isSet(Path dir) {
    return StudyFolder.Kind.REPEATS.holds(dir);
  }

  static JsonNode read(Path setDir) {
    return RunData.readJson(setDir.resolve(StudyFolder.Kind.REPEATS.file()));
  }

  /** The folders of the set's runs that are still there, in the order they ran. */
  static List<Path> runDirs(Path setDir, JsonNode set) {
    Path root = setDir.toAbsolutePath().normalize().getParent();
    List<Path> dirs = new ArrayList<>();
    for (JsonNode run : set.path("runs")) {
      Path dir = root.resolve(run.path("directory").asString(""));
      if (Files.isRegularFile(dir.resolve("summary.json"))) {
        dirs.add(dir);
      }
    }
    if (dirs.isEmpty()) {
      throw new ConfigException(setDir + ": none of the repeat set's run folders is beside it");
    }
    return dirs;
  }

  /** The set folder beside {@code runDir} whose repeats.json lists it, if any. */
  static Optional<Path> containing(Path runDir) {
    Path run = runDir.toAbsolutePath().normalize();
    Path root = run.getParent();
    if (root == null || !Files.isDirectory(root)) {
      return Optional.empty();
    }
    String name = run.getFileName().toString();
    try (Stream<Path> siblings = Files.list(root)) {
      return siblings
          .filter(dir -> dir.getFileName().toString().endsWith(StudyFolder.Kind.REPEATS.suffix()))
          .filter(RepeatSetData::isSet)
          .sorted()
          .filter(dir -> lists(dir, name))
          .findFirst();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
  }

  /** A broken repeats.json of another set must not break this run's report: it lists nothing. */
  private static boolean lists(Path setDir, String runName) {
    JsonNode set;
    try {
      set = read(setDir);
    } catch (RuntimeException unreadable) {
      return false;
    }
    for (JsonNode run : set.path("runs")) {
      if (runName.equals(run.path("directory").asString(""))) {
        return true;
      }
    }
    return false;
  }
}
