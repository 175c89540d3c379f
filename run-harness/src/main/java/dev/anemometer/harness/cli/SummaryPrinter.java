package dev.anemometer.harness.cli;

import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.driver.output.NotificationSummary;
import dev.anemometer.driver.output.OperationSummary;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.console.LoadProgress;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.platform.TierCpu;
import dev.anemometer.harness.platform.WindowCpu;
import dev.anemometer.harness.results.Headline;
import dev.anemometer.harness.results.MachineDrift;
import dev.anemometer.harness.results.RepeatSet;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.run.RunProcedure;
import java.nio.file.Path;
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
        row.add(instance.bracket() == null ? "-" : instance.bracket().describe());
      }
      row.add(String.valueOf(instance.users()));
      row.add(String.valueOf(instance.maxUsers()));
      row.add(instance.passed() == null ? "-" : instance.passed() ? "pass" : "fail");
      row.add(String.join(" ", instance.entryUrls()));
      rows.add(row);
    }
    console.table(
        findMax
            ? List.of("instance", "peak", "bracket", "ceiling", "maxUsers", "QoS", "entry")
            : List.of("instance", "users", "maxUsers", "QoS", "entry"),
        rows);
    if (summary.peakUsers() != null) {
      console.info(
          "peak users (sum of passing instances): "
              + summary.peakUsers()
              + (summary.bracket() == null
                  ? ""
                  : "; bracket (highest pass, lowest fail): " + summary.bracket().describe()));
    }
    for (RunSummary.InstanceSummary instance : summary.instances()) {
      if (instance.peakAtCeiling() && instance.ceilingCause() != null) {
        console.notice(
            "instance-"
                + instance.index()
                + ": the peak is the search's ceiling, set by "
                + instance.ceilingCause()
                + ": a lower bound of the platform's, which may carry more. Raise the limit"
                + " (ulimit -n) or run the users in more driver workers (driver.workers)");
      } else if (instance.peakAtCeiling()) {
        console.notice(
            "instance-"
                + instance.index()
                + ": the peak is the search's ceiling, a lower bound: the stack may carry more."
                + " Search higher with a larger appInstances["
                + instance.index()
                + "].maxUsers (the ceiling defaults to 4/5 of it)");
      }
    }
    printNotifications(console, summary);
    printCpu(console, summary);
    SoakPrinter.print(console, summary.soak());
    printSearchFindings(console, summary);
    console.info("took " + summary.durationSeconds() + " s; results in " + result.dir());
  }

  /**
   * How late followers learned of bids and item changes, per target, in the windows its result
   * rests on (findMax: the peak's probe), with the rule that judged each.
   */
  static void printNotifications(Console console, RunSummary summary) {
    for (DriverSummary.Target target : targets(summary)) {
      if (target.notifications() == null || target.notifications().isEmpty()) {
        continue;
      }
      List<List<String>> rows = new ArrayList<>();
      for (NotificationSummary notification : target.notifications()) {
        OperationSummary.Rule rule = notification.rule();
        rows.add(
            List.of(
                notification.notification(),
                String.valueOf(notification.count()),
                format("%.0f", notification.p50Millis()),
                format("%.0f", notification.p99Millis()),
                format("%.0f", notification.maxMillis()),
                rule == null
                    ? "-"
                    : (rule.passed() ? "pass" : "fail") + " (" + rule.message() + ")"));
      }
      console.info(target.id() + ": how late followers learned of each change:");
      console.table(
          List.of("notification", "deliveries", "p50 ms", "p99 ms", "max ms", "QoS"), rows);
    }
  }

  private static List<DriverSummary.Target> targets(RunSummary summary) {
    return summary.load() == null ? List.of() : summary.load().targets();
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
                format("%.2f", tier.cores()),
                tier.cpuMicrosPerUserSecond() == null
                    ? "-"
                    : format("%.0f", tier.cpuMicrosPerUserSecond())));
      }
      console.table(List.of("tier", "processes", "cores", "CPU µs/user-s"), rows);
    }
    CpuSummary.OtherProcesses other = summary.cpu().otherProcesses();
    if (other != null) {
      console.notice(
          String.format(
              Locale.ROOT,
              "other processes on this machine took %.2f cores or more in %d of %d judged windows"
                  + " (at most %.2f, %s window %d at %d users): the run did not have the machine to"
                  + " itself, and its figures are not those of the stack alone",
              other.thresholdCores(),
              other.windows(),
              other.judgedWindows(),
              other.maxCores(),
              other.maxTarget(),
              other.maxWindow() + 1,
              other.maxUsers()));
    }
  }

  /**
   * findMax: what decided the peak (the rules that failed the lowest failing probe above it), and,
   * loudly, every window the behaviour's mix failed while capacity held.
   */
  static void printSearchFindings(Console console, RunSummary summary) {
    for (DriverSummary.Target target : targets(summary)) {
      if (target.failedAbovePeak() != null && !target.failedAbovePeak().isEmpty()) {
        console.info(
            target.id()
                + ": above the peak, the search stopped on: "
                + LoadProgress.firstFailures(target.failedAbovePeak()));
      }
      if (target.calibrationDefects() != null) {
        for (String defect : target.calibrationDefects()) {
          console.notice(target.id() + ": CALIBRATION DEFECT: " + defect);
        }
      }
    }
  }

  /**
   * Each run's value beside the machine's reference scores at its start, and, loudly, a machine
   * whose own speed moved more than the set's tolerance across the runs.
   */
  private static void printMachine(Console console, RepeatSet set) {
    MachineDrift machine = set.machine();
    if (machine == null) {
      return;
    }
    List<List<String>> rows = new ArrayList<>();
    for (RepeatSet.Member run : set.runs()) {
      rows.add(
          List.of(
              run.directory(),
              run.value() == null ? "-" : format("%.0f", run.value()),
              startAndAfter(run.cpuScore(), run.cpuScoreAfter()),
              startAndAfter(run.loopbackScore(), run.loopbackScoreAfter())));
    }
    console.table(
        List.of("run", set.metric(), "CPU reference (start, after)", "loopback (start, after)"),
        rows);
    if (machine.moved()) {
      console.notice(
          "the machine's own speed moved between the runs: "
              + machine.describe()
              + String.format(
                  Locale.ROOT,
                  ", beyond the %s of %.1f %%",
                  set.tolerance().name(),
                  set.tolerance().percent())
              + "; the spread of the runs includes it: compare runs whose reference figures agree");
    } else {
      console.info("machine between the runs: " + machine.describe());
    }
  }

  private static String startAndAfter(Double start, Double after) {
    return (start == null ? "-" : format("%.2f", start))
        + (after == null ? "" : format(", %.2f", after));
  }

  /**
   * The set's statistics (the mean with its confidence interval first), why it stopped, whether its
   * runs agree, and where its record is.
   */
  static void printRepeats(Console console, RepeatSet set, Path record) {
    RepeatSet.Statistics stats = set.statistics();
    if (stats == null) {
      console.info("repeats: fewer than two runs with a result; no spread to report");
    } else {
      String value = set.metric().equals(Headline.PEAK_USERS) ? "%.0f" : "%.1f";
      console.info(
          "repeats: "
              + set.metric()
              + " mean "
              + stats.confidenceInterval().describe("%.1f")
              + format(", min " + value, stats.min())
              + format(", max " + value, stats.max())
              + format(", spread " + value, stats.spread())
              + format(" (%.1f %% of the mean)", stats.spreadPercent())
              + format(", sd %.1f", stats.standardDeviation())
              + format(", CV %.1f %%", stats.cvPercent())
              + " over "
              + stats.runs()
              + " runs");
    }
    printMachine(console, set);
    if (set.pace() != null) {
      console.info("machine pace: " + set.pace().describe());
    }
    console.info("repeats stopped: " + set.stopRule().reason());
    if (Boolean.TRUE.equals(set.disagree())) {
      console.notice(
          set.agreement() + " — a difference smaller than the spread cannot be told from noise");
    } else if (set.agreement() != null) {
      console.info(set.agreement());
    }
    console.info("repeat set: " + record);
  }

  private static String format(String format, double value) {
    return String.format(Locale.ROOT, format, value);
  }
}
