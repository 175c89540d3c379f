package dev.anemometer.harness.results;

import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;

/**
 * {@code results/<yyyyMMdd-HHmmss>-<name>-<kind>/}: the folder of a study made of several runs (a
 * repeat set, an experiment), stamped with its start. It holds the study's JSON file, written again
 * after every run so that a study broken off keeps what it had, and the study's report.html. A
 * repeat set's runs are its siblings; an experiment's runs are inside it.
 */
public final class StudyFolder {

  /** The kinds of study, each with its folder's suffix and its file. */
  public enum Kind {
    REPEATS("-repeats", "repeats.json"),
    EXPERIMENT("-experiment", "experiment.json");

    private final String suffix;
    private final String file;

    Kind(String suffix, String file) {
      this.suffix = suffix;
      this.file = file;
    }

    public String suffix() {
      return suffix;
    }

    public String file() {
      return file;
    }

    /** Whether {@code dir} is a folder of this kind of study: it holds the study's file. */
    public boolean holds(Path dir) {
      return Files.isRegularFile(dir.resolve(file));
    }
  }

  private final Path dir;
  private final Kind kind;

  private StudyFolder(Path dir, Kind kind) {
    this.dir = dir;
    this.kind = kind;
  }

  /** Named for the study's start ({@code clock}'s now); created by {@link #create} or a write. */
  public static StudyFolder named(Path resultsRoot, String name, Kind kind, Clock clock) {
    Path root = resultsRoot.toAbsolutePath().normalize();
    return new StudyFolder(ResultsDirectory.newFolder(root, name + kind.suffix(), clock), kind);
  }

  public Path dir() {
    return dir;
  }

  /** The study's JSON file. */
  public Path file() {
    return dir.resolve(kind.file());
  }

  /** Creates the folder now, for runs that write their own folders inside it. */
  public StudyFolder create() {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot create the " + kind.name().toLowerCase(Locale.ROOT) + " folder " + dir, e);
    }
    return this;
  }

  /** Writes (again) the study's JSON file. */
  public Path write(Object study) {
    create();
    ResultsDirectory.write(file(), Json.pretty().writeValueAsString(study) + "\n");
    return file();
  }
}
