package dev.anemometer.harness.report;

import dev.anemometer.harness.results.RepeatSet;
import dev.anemometer.harness.results.StudyFolder;
import dev.anemometer.harness.run.repeat.FakeRuns;
import dev.anemometer.harness.run.repeat.RepeatRunner;
import dev.anemometer.harness.run.repeat.RepeatSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** A repeat set of findMax runs under a results root, as a run of the harness leaves it. */
final class RepeatSets {

  private RepeatSets() {}

  static Path findMax(Path resultsRoot, Double... peaks) {
    return findMax(FakeRuns.findMax(resultsRoot, peaks), resultsRoot, peaks.length);
  }

  /** The same set, its runs' machine pace at their peaks (nginx and HAProxy, µs per user-s). */
  static Path findMaxAtPaces(Path resultsRoot, Double[] paces, Double... peaks) {
    return findMax(
        FakeRuns.findMax(resultsRoot, peaks).withNativePaces(paces), resultsRoot, peaks.length);
  }

  private static Path findMax(FakeRuns runs, Path resultsRoot, int count) {
    try {
      RepeatSet set =
          new RepeatRunner(RepeatSpec.times(count), new RepeatSet.Tolerance("precision", 2.5))
              .run("t", "findMax", "2026-11-25T07:59:00Z", runs, progress -> {})
              .set();
      Clock clock = Clock.fixed(Instant.parse("2026-11-25T07:59:00Z"), ZoneOffset.UTC);
      return StudyFolder.named(resultsRoot, "t", StudyFolder.Kind.REPEATS, clock)
          .write(set)
          .getParent();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
