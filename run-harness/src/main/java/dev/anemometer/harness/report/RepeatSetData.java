package dev.anemometer.harness.report;

import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.results.RepeatSet;
import dev.anemometer.harness.results.ResultsDirectory;
import dev.anemometer.harness.results.StudyFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A repeat set's folder as the report and compare read it: its {@code repeats.json}, its runs'
 * folders (siblings of the set's), and, for a run's folder, the set it belongs to.
 */
final class RepeatSetData {

  private RepeatSetData() {}

  static boolean isSet(Path dir) {
    return StudyFolder.Kind.REPEATS.holds(dir);
  }

  static RepeatSet read(Path setDir) {
    return ResultsDirectory.repeatSetOf(setDir);
  }

  /** The folders of the set's runs that are still there, in the order they ran. */
  static List<Path> runDirs(Path setDir, RepeatSet set) {
    Path root = setDir.toAbsolutePath().normalize().getParent();
    List<Path> dirs = new ArrayList<>();
    for (RepeatSet.Member run : members(set)) {
      Path dir = root.resolve(String.valueOf(run.directory()));
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
    RepeatSet set;
    try {
      set = read(setDir);
    } catch (RuntimeException unreadable) {
      return false;
    }
    return members(set).stream().anyMatch(run -> runName.equals(run.directory()));
  }

  /** The set's runs so far; none in a set whose first run has not ended. */
  static List<RepeatSet.Member> members(RepeatSet set) {
    return set.runs() == null ? List.of() : set.runs();
  }
}
