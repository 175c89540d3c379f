package dev.anemometer.harness.results;

import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * {@code results/<yyyyMMdd-HHmmss>-<name>-experiment/}: an experiment's folder, stamped with its
 * start; it holds every run's results folder, {@code experiment.json} and the experiment's
 * report.html.
 */
public final class ExperimentFolder {

  public static final String FILE = "experiment.json";
  public static final String SUFFIX = "-experiment";

  private final Path dir;

  private ExperimentFolder(Path dir) {
    this.dir = dir;
  }

  /** Created now, so that the runs' folders can go into it. */
  public static ExperimentFolder create(Path resultsRoot, String name, Clock clock) {
    Path root = resultsRoot.toAbsolutePath().normalize();
    Path dir = ResultsDirectory.newFolder(root, name + SUFFIX, clock);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create experiment folder " + dir, e);
    }
    return new ExperimentFolder(dir);
  }

  /** Whether a folder is an experiment's. */
  public static boolean isExperiment(Path dir) {
    return Files.isRegularFile(dir.resolve(FILE));
  }

  public Path dir() {
    return dir;
  }

  /** Writes (again) {@code experiment.json}: after every run, so that one broken off keeps it. */
  public Path write(Object experiment) {
    Path file = dir.resolve(FILE);
    ResultsDirectory.write(file, Json.pretty().writeValueAsString(experiment) + "\n");
    return file;
  }
}
