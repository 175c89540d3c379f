package dev.anemometer.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.Bracket;
import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.platform.TierCpu;
import dev.anemometer.harness.platform.WindowCpu;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.run.RunProcedure;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryPrinterTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);

  @Test
  void aFindMaxShowsEachInstancesPeakNextToItsCeilingAndCallsAPeakAtTheCeilingALowerBound() {
    print(
        "findMax",
        3400,
        new RunSummary.InstanceSummary(
            0, 2400, 2400, 3000, List.of("http://a"), null, true, null, null),
        new RunSummary.InstanceSummary(
            1, 2400, 1000, 3000, List.of("http://b"), null, true, null, null));

    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out).containsPattern("instance +peak +bracket +ceiling +maxUsers +QoS +entry");
    assertThat(out).containsPattern("instance-0 +2400 +- +2400 +3000 +pass");
    assertThat(out).containsPattern("instance-1 +1000 +- +2400 +3000 +pass");
    assertThat(out).contains("peak users (sum of passing instances): 3400");
    assertThat(out)
        .contains("instance-0: the peak is the search's ceiling, a lower bound")
        .contains("appInstances[0].maxUsers")
        .doesNotContain("instance-1: the peak");
  }

  @Test
  void aFindMaxShowsEachInstancesBracketAndTheBracketOfThePeakUsers() {
    RunSummary.InstanceSummary instance =
        new RunSummary.InstanceSummary(
            0, 2400, 1790, 3000, List.of("http://a"), null, true, null, new Bracket(1790, 1850));
    RunSummary withBracket = findMax(1790, null, null, new Bracket(1790, 1850), instance);

    SummaryPrinter.print(
        console, new RunProcedure.RunResult(Path.of("results/t"), withBracket, null));

    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out).containsPattern("instance-0 +1790 +1790 pass, 1850 fail +2400 +3000 +pass");
    assertThat(out)
        .contains(
            "peak users (sum of passing instances): 1790;"
                + " bracket (highest pass, lowest fail): 1790 pass, 1850 fail");
  }

  @Test
  void aPeakAtACeilingTheOpenFileLimitSetNamesTheLimitNotMaxUsers() {
    print(
        "findMax",
        4925,
        new RunSummary.InstanceSummary(
            0,
            4925,
            4925,
            9000,
            List.of("http://a"),
            null,
            true,
            "the driver's open-file limit (20000)",
            null));

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("the peak is the search's ceiling, set by the driver's open-file limit (20000)")
        .contains("ulimit -n")
        .doesNotContain("appInstances[0].maxUsers");
  }

  @Test
  void aFixedRunShowsTheUsersItDroveAndNoPeakColumn() {
    print(
        "fixed",
        100,
        new RunSummary.InstanceSummary(
            0, 100, null, 300, List.of("http://a"), null, false, null, null));

    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out).containsPattern("instance +users +maxUsers +QoS +entry");
    assertThat(out).containsPattern("instance-0 +100 +300 +fail");
    assertThat(out).doesNotContain("ceiling");
  }

  @Test
  void theCpuOfEveryTierInThePeaksProbeEndsTheResult() {
    printCpuOfThePeak(
        7,
        2500,
        300,
        new TierCpu("db", 1, 90, 0.3, 120.0),
        new TierCpu("app", 2, 240, 0.8, 320.0),
        new TierCpu("harness", 1, 30, 0.1, 40.0));

    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out).contains("CPU per tier, instance-0 window 8 (2500 users, 300 s):");
    assertThat(out).containsPattern("tier +processes +cores +CPU µs/user-s");
    assertThat(out).containsPattern("app +2 +0.80 +320");
    assertThat(out).containsPattern("harness +1 +0.10 +40");
    assertThat(out).doesNotContain("other processes");
  }

  @Test
  void otherProcessesThatTookAShareOfTheMachineAreReportedLoudly() {
    printCpuOfThePeak(
        12,
        2735,
        120,
        new TierCpu("app", 2, 168, 1.4, 511.0),
        new TierCpu("other", 0, 45.6, 0.38, null));

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains(
            "other processes on this machine took 0.10 cores or more in 1 of 1 judged windows (at"
                + " most 0.38, instance-0 window 13 at 2735 users): the run did not have the"
                + " machine to itself");
  }

  /** Prints the CPU of a findMax whose peak's passing probe is its only window. */
  private void printCpuOfThePeak(int index, int users, int seconds, TierCpu... tiers) {
    WindowCpu probe =
        new WindowCpu(
            "instance-0", index, 0, seconds * 1000L, users, true, seconds, List.of(tiers));
    SummaryPrinter.printCpu(
        console, summary(CpuSummary.of(List.of(probe), Map.of("instance-0", users))));
  }

  @Test
  void aTargetThatDoesNotMeasureCpuSaysSoInOneLine() {
    SummaryPrinter.printCpu(console, summary(CpuSummary.unavailable("not on compose")));

    assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("CPU per tier: not on compose");
  }

  @Test
  void aFindMaxResultShowsTheCpuAtItsPeakAndWhatStoppedTheSearchBeforeWhereItsResultsAre() {
    WindowCpu probe =
        new WindowCpu(
            "instance-0",
            3,
            0,
            120_000,
            2500,
            true,
            120,
            List.of(new TierCpu("app", 1, 96, 0.8, 320.0)));
    Map<String, Object> load =
        Map.of(
            "targets",
            List.of(
                Map.of(
                    "id",
                    "instance-0",
                    "failedAbovePeak",
                    List.of("p99 PlaceBid 612 ms > 500 ms"),
                    "calibrationDefects",
                    List.of("window 2: mix of Logout 1.1 % < 1.5 %"))));
    SummaryPrinter.print(
        console,
        new RunProcedure.RunResult(
            Path.of("results/t"),
            summary(load, CpuSummary.of(List.of(probe), Map.of("instance-0", 2500))),
            null));

    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out)
        .contains("CPU per tier, instance-0 window 4 (2500 users, 120 s):")
        .contains("instance-0: above the peak, the search stopped on: p99 PlaceBid 612 ms > 500 ms")
        .contains("instance-0: CALIBRATION DEFECT: window 2: mix of Logout 1.1 % < 1.5 %");
    assertThat(out.indexOf("CPU per tier")).isLessThan(out.indexOf("above the peak"));
    assertThat(out.indexOf("CALIBRATION DEFECT")).isLessThan(out.indexOf("took 10 s"));
  }

  @Test
  void eachTargetShowsHowLateItsFollowersLearnedOfEachChangeWithTheRuleThatJudgedIt() {
    Map<String, Object> load =
        Map.of(
            "targets",
            List.of(
                Map.of(
                    "id",
                    "instance-0",
                    "notifications",
                    List.of(
                        Map.of(
                            "notification",
                            "BidNotification",
                            "count",
                            5210,
                            "p50Millis",
                            41.3,
                            "p99Millis",
                            258.4,
                            "maxMillis",
                            903.0,
                            "rule",
                            Map.of(
                                "rule",
                                "NOTIFICATION",
                                "passed",
                                true,
                                "message",
                                "p99 258 ms <= 2000 ms")),
                        Map.of(
                            "notification",
                            "ItemNotification",
                            "count",
                            88,
                            "p50Millis",
                            120.0,
                            "p99Millis",
                            3400.0,
                            "maxMillis",
                            3500.0,
                            "rule",
                            Map.of(
                                "rule",
                                "NOTIFICATION",
                                "passed",
                                false,
                                "message",
                                "p99 3400 ms > 3000 ms"))))));
    SummaryPrinter.printNotifications(console, summary(load, null));

    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out).contains("instance-0: how late followers learned of each change:");
    assertThat(out).containsPattern("notification +deliveries +p50 ms +p99 ms +max ms +QoS");
    assertThat(out)
        .containsPattern("BidNotification +5210 +41 +258 +903 +pass \\(p99 258 ms <= 2000 ms\\)");
    assertThat(out)
        .containsPattern("ItemNotification +88 +120 +3400 +3500 +fail \\(p99 3400 ms > 3000 ms\\)");
  }

  @Test
  void aTargetWithoutNotificationsPrintsNoNotificationTable() {
    SummaryPrinter.printNotifications(
        console, summary(Map.of("targets", List.of(Map.of("id", "instance-0"))), null));

    assertThat(bytes.toString(StandardCharsets.UTF_8)).doesNotContain("followers");
  }

  private void print(String strategy, int peak, RunSummary.InstanceSummary... instances) {
    SummaryPrinter.print(
        console,
        new RunProcedure.RunResult(Path.of("results/t"), summary(strategy, peak, instances), null));
  }

  private static RunSummary summary(CpuSummary cpu) {
    return summary(null, cpu);
  }

  private static RunSummary summary(Map<String, Object> load, CpuSummary cpu) {
    return findMax(2500, load, cpu, null);
  }

  private static RunSummary findMax(
      int peak,
      Map<String, Object> load,
      CpuSummary cpu,
      Bracket bracket,
      RunSummary.InstanceSummary... instances) {
    return new RunSummary(
        "t",
        "local",
        "local",
        "findMax",
        "2026-11-23T00:00:00Z",
        10,
        "PASSED",
        0,
        peak,
        List.of(instances),
        load == null ? null : DriverFiles.summary(load),
        null,
        null,
        null,
        null,
        null,
        cpu,
        null,
        bracket,
        null);
  }

  private static RunSummary summary(
      String strategy, int peak, RunSummary.InstanceSummary... instances) {
    return new RunSummary(
        "t",
        "local",
        "local",
        strategy,
        "2026-11-23T00:00:00Z",
        10,
        "PASSED",
        0,
        peak,
        List.of(instances),
        null,
        null,
        null);
  }
}
