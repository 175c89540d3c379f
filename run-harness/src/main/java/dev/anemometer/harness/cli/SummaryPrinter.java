package dev.anemometer.harness.cli;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.platform.TierCpu;
import dev.anemometer.harness.platform.WindowCpu;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.run.RepeatStatistics;
import dev.anemometer.harness.run.RunProcedure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The readable end of a run: one row per app instance, the verdict, where the results are. */
final class SummaryPrinter {

  private SummaryPrinter() {}

  static void print(Console console, RunProcedure.RunResult result) {
    RunSummary summary = result.summary();
    console.phase(
        "result: "
            + summary.outcome()
            + (summary.message() == null ? "" : " — " + summary.message()));
    boolean findMax = summary.instances().stream().anyMatch(i -> i.peakUsers() != null);
    List<List<String>> rows = new ArrayList<>();
    for (RunSummary.InstanceSummary instance : summary.instances()) {
      List<String> row = new ArrayList<>();
      row.add("instance-" + instance.index());
      if (findMax) {
        row.add(instance.peakUsers() == null ? "-" : String.valueOf(instance.peakUsers()));
      }
      row.add(String.valueOf(instance.users()));
      row.add(String.valueOf(instance.maxUsers()));
      row.add(instance.passed() == null ? "-" : instance.passed() ? "pass" : "fail");
      row.add(String.join(" ", instance.entryUrls()));
      rows.add(row);
    }
    console.table(
        findMax
            ? List.of("instance", "peak", "ceiling", "maxUsers", "QoS", "entry")
            : List.of("instance", "users", "maxUsers", "QoS", "entry"),
        rows);
    if (summary.peakUsers() != null) {
      console.info("peak users (sum of passing instances): " + summary.peakUsers());
    }
    for (RunSummary.InstanceSummary instance : summary.instances()) {
      if (instance.peakAtCeiling()) {
        console.notice(
            "instance-"
                + instance.index()
                + ": the peak is the search's ceiling, a lower bound: the stack may carry more."
                + " Search higher with a larger appInstances["
                + instance.index()
                + "].maxUsers (the ceiling defaults to 4/5 of it)");
      }
    }
    printCpu(console, summary);
    console.info("took " + summary.durationSeconds() + " s; results in " + result.dir());
  }

  /**
   * CPU per tier in the window each instance's result rests on (findMax: the peak's probe),
   * numbered from 1 as the progress lines number them.
   */
  static void printCpu(Console console, RunSummary summary) {
    if (summary.cpu() == null) {
      return;
    }
    if (!summary.cpu().measured()) {
      console.info("CPU per tier: " + summary.cpu().note());
      return;
    }
    for (WindowCpu window : summary.cpu().peak()) {
      console.info(
          String.format(
              Locale.ROOT,
              "CPU per tier, %s window %d (%d users, %.0f s%s):",
              window.target(),
              window.index() + 1,
              window.users(),
              window.wallSeconds(),
              window.passed() ? "" : ", failed"));
      List<List<String>> rows = new ArrayList<>();
      for (TierCpu tier : window.tiers()) {
        rows.add(
            List.of(
                tier.tier(),
                String.valueOf(tier.processes()),
                String.format(Locale.ROOT, "%.2f", tier.cores()),
                tier.cpuMicrosPerUserSecond() == null
                    ? "-"
                    : String.format(Locale.ROOT, "%.0f", tier.cpuMicrosPerUserSecond())));
      }
      console.table(List.of("tier", "processes", "cores", "CPU µs/user-s"), rows);
    }
  }

  static void printRepeats(Console console, List<RunProcedure.RunResult> results) {
    List<Double> peaks = new ArrayList<>();
    for (RunProcedure.RunResult result : results) {
      if (result.summary().peakUsers() != null) {
        peaks.add(result.summary().peakUsers().doubleValue());
      }
    }
    if (peaks.size() < 2) {
      console.info("repeats: fewer than two runs with a result; no spread to report");
      return;
    }
    RepeatStatistics stats = RepeatStatistics.of(peaks);
    console.info(
        String.format(
            "repeats: peak users mean %.1f, spread %.0f–%.0f, sd %.1f, CV %.1f %%",
            stats.mean(),
            stats.min(),
            stats.max(),
            stats.standardDeviation(),
            stats.coefficientOfVariationPercent()));
  }
}
