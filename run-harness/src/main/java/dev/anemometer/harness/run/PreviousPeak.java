package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.Strategy;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.results.ResultsDirectory;
import dev.anemometer.harness.results.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Resolves {@code findMax.maxPassHint: previous}: the peaks of the newest earlier findMax run of
 * the same name under the results folder, per app instance. The resolved numbers go into the run's
 * saved configuration, so that the run can be repeated exactly.
 */
final class PreviousPeak {

  private PreviousPeak() {}

  static AnemometerConfig resolve(AnemometerConfig config, Path resultsRoot, Console console) {
    if (config.strategy() != Strategy.FIND_MAX || !config.findMax().hintFromPrevious()) {
      return config;
    }
    Optional<Found> found = newest(config, resultsRoot);
    if (found.isEmpty()) {
      console.notice(
          "findMax.maxPassHint: previous, but "
              + resultsRoot
              + " holds no earlier findMax run named '"
              + config.name()
              + "' with a peak: searching without a hint");
      return config.withFindMax(config.findMax().withHints(List.of()));
    }
    console.info(
        "findMax hint: peak "
            + found.get().peaks()
            + " of the previous run "
            + found.get().dir().getFileName());
    return config.withFindMax(config.findMax().withHints(found.get().peaks()));
  }

  private record Found(Path dir, List<Integer> peaks) {}

  private static Optional<Found> newest(AnemometerConfig config, Path resultsRoot) {
    if (!Files.isDirectory(resultsRoot)) {
      return Optional.empty();
    }
    try (Stream<Path> dirs = Files.list(resultsRoot)) {
      // Folder names start with the run's UTC start time: the last in name order is the newest.
      List<Path> newestFirst =
          dirs.filter(Files::isDirectory).sorted(Comparator.reverseOrder()).toList();
      for (Path dir : newestFirst) {
        Optional<List<Integer>> peaks = peaks(dir, config);
        if (peaks.isPresent()) {
          return Optional.of(new Found(dir, peaks.get()));
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The per-instance peaks of a summary of the same name and strategy; empty if it has none. */
  private static Optional<List<Integer>> peaks(Path dir, AnemometerConfig config) {
    Optional<RunSummary> read = ResultsDirectory.readSummary(dir);
    if (read.isEmpty()) {
      return Optional.empty();
    }
    RunSummary summary = read.get();
    if (!config.name().equals(summary.name())
        || !Strategy.FIND_MAX.configName().equals(summary.strategy())
        || summary.instances() == null
        || summary.instances().size() != config.appInstances().size()) {
      return Optional.empty();
    }
    List<Integer> peaks = new ArrayList<>();
    for (RunSummary.InstanceSummary instance : summary.instances()) {
      if (instance.peakUsers() == null || instance.peakUsers() < 1) {
        return Optional.empty();
      }
      peaks.add(instance.peakUsers());
    }
    return Optional.of(peaks);
  }
}
