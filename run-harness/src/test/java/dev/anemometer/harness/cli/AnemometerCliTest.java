package dev.anemometer.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's contract: help, exit codes, one clear line per user mistake. */
class AnemometerCliTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream originalOut;
  private PrintStream originalErr;

  @TempDir Path dir;

  @BeforeEach
  void capture() {
    originalOut = System.out;
    originalErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(originalOut);
    System.setErr(originalErr);
  }

  @Test
  void helpListsEveryCommandAndTheExitCodes() {
    assertThat(AnemometerCli.execute("--help")).isZero();

    assertThat(stdout())
        .contains(
            "run",
            "validate",
            "deploy",
            "teardown",
            "load-data",
            "reset-data",
            "report",
            "compare",
            "ab",
            "calibrate",
            "presets")
        .contains("2   bad input or configuration");
  }

  @Test
  void calibrateRejectsABadSweepWithOneLineBeforeDeployingAnything() {
    assertThat(AnemometerCli.execute("calibrate", "--loads", "500,0")).isEqualTo(2);
    assertThat(AnemometerCli.execute("calibrate", "--hold", "soon")).isEqualTo(2);
    assertThat(AnemometerCli.execute("calibrate", "--preset", "local", "--loads", "5000"))
        .isEqualTo(2);
    assertThat(AnemometerCli.execute("calibrate", "--loads", "500,1000", "--hold", "9m,6m,3m"))
        .isEqualTo(2);
    assertThat(AnemometerCli.execute("calibrate", "--loads", "500,1000", "--hold", "9m,0s"))
        .isEqualTo(2);

    assertThat(stderr().lines().toList())
        .containsExactly(
            "anemometer: --loads: every user count must be ≥ 1 (got 0)",
            "anemometer: --hold: 'soon' is not a duration with a unit (250ms, 90s, 5m, 1h)",
            "anemometer: --loads: 5000 users is more than appInstances[0].maxUsers (3000)",
            "anemometer: --hold: give one time for every load or one per load (3 for 2 loads)",
            "anemometer: --hold: must be > 0 (got 0s)");
    assertThat(stdout()).isEmpty();
  }

  @Test
  void presetsListsEachPresetWithItsSizes() {
    assertThat(AnemometerCli.execute("presets")).isZero();

    assertThat(stdout())
        .contains("quickstart  100 users / 300 maxUsers")
        .contains("local       1,000 users / 3,000 maxUsers")
        .contains("soak        3,000 users / 9,000 maxUsers")
        .contains("small");
  }

  @Test
  void schemaPrintsTheRunFilesSchemaAndRefusesARootWithoutWrite() {
    assertThat(AnemometerCli.execute("schema")).isZero();
    assertThat(stdout()).contains("\"$schema\"").contains("\"maxUsers\"");

    out.reset();
    assertThat(AnemometerCli.execute("schema", "--root", dir.toString())).isEqualTo(2);
    assertThat(stderr().strip()).startsWith("anemometer: --root: only with --write");
    assertThat(stdout()).isEmpty();
  }

  @Test
  void schemaWriteUnderAFolderWithoutTheReferenceExitsTwoWithOneLine() {
    assertThat(AnemometerCli.execute("schema", "--write", "--root", dir.toString())).isEqualTo(2);

    assertThat(stderr().strip())
        .isEqualTo("anemometer: --root: " + dir + " has no docs/configuration.md to render");
    assertThat(dir.resolve("docs")).doesNotExist();
  }

  @Test
  void reportOfAMissingFolderExitsTwoWithOneLine() {
    Path missing = dir.resolve("no-such-run");

    assertThat(AnemometerCli.execute("report", missing.toString())).isEqualTo(2);

    assertThat(stderr().strip()).isEqualTo("anemometer: " + missing + ": no such folder");
    assertThat(stdout()).isEmpty();
  }

  @Test
  void reportOfAFolderWithoutSummaryExitsTwoWithOneLine() {
    assertThat(AnemometerCli.execute("report", dir.toString())).isEqualTo(2);

    assertThat(stderr().strip())
        .isEqualTo("anemometer: " + dir + ": not a results folder (no summary.json)");
    assertThat(dir.resolve("report.html")).doesNotExist();
  }

  @Test
  void reportOfABrokenSummaryExitsTwoWithOneLine() throws Exception {
    Files.writeString(dir.resolve("summary.json"), "{\"name\": ");

    assertThat(AnemometerCli.execute("report", dir.toString())).isEqualTo(2);

    assertThat(stderr().strip().lines())
        .singleElement()
        .asString()
        .startsWith("anemometer: " + dir.resolve("summary.json") + ": not valid JSON");
  }

  @Test
  void compareWithAMissingOrNonResultsFolderExitsTwoWithOneLine() {
    Path missing = dir.resolve("no-such-run");

    assertThat(AnemometerCli.execute("compare", dir.toString(), missing.toString())).isEqualTo(2);
    assertThat(AnemometerCli.execute("compare", missing.toString(), dir.toString())).isEqualTo(2);

    assertThat(stderr().lines())
        .containsExactly(
            "anemometer: " + dir + ": not a results folder (no summary.json)",
            "anemometer: " + missing + ": no such folder");
    assertThat(dir.resolve("compare.html")).doesNotExist();
  }

  @Test
  void aBrokenConfigExitsTwoWithOneLineNamingTheField() throws Exception {
    Path config = dir.resolve("broken.yaml");
    Files.writeString(config, "appInstances:\n  - tiers:\n      app: {instances: 0}\n");

    int exit = AnemometerCli.execute("run", config.toString());

    assertThat(exit).isEqualTo(2);
    assertThat(stderr().strip())
        .isEqualTo("anemometer: appInstances[0].tiers.app.instances: must be ≥ 1 (got 0)");
    assertThat(stdout()).isEmpty(); // nothing started
  }

  @Test
  void verboseAddsTheStackTrace() throws Exception {
    int exit = AnemometerCli.execute("validate", "--verbose", "--set", "repeat=0");

    assertThat(exit).isEqualTo(2);
    assertThat(stderr()).contains("anemometer: repeat: must be ≥ 1").contains("at dev.anemometer");
  }

  @Test
  void validatePrintsTheResolvedConfig() {
    assertThat(AnemometerCli.execute("validate", "--preset", "local", "--set", "name=mine"))
        .isZero();

    assertThat(stdout()).contains("name: mine").contains("preset: local").contains("# valid");
  }

  @Test
  void anUnknownOptionIsAUsageErrorWithExitTwo() {
    assertThat(AnemometerCli.execute("run", "--bogus")).isEqualTo(2);
    assertThat(stderr()).contains("Unknown option: '--bogus'");
  }

  @Test
  void anUnreadableKubeconfigIsABadOptionNotAnInfrastructureError() {
    assertThat(
            AnemometerCli.execute(
                "run",
                "--target",
                "kubernetes",
                "--kubeconfig",
                dir.resolve("missing-kubeconfig").toString(),
                "--results",
                dir.toString()))
        .isEqualTo(2);
    assertThat(stderr()).contains("--kubeconfig: cannot read");
  }

  @Test
  void aCvTargetThatIsNotAPercentageExitsTwoWithOneLineBeforeAnythingStarts() {
    int exit = AnemometerCli.execute("run", "--until-cv", "-1", "--results", dir.toString());

    assertThat(exit).isEqualTo(2);
    assertThat(stderr().strip())
        .isEqualTo("anemometer: --until-cv: must be a percentage > 0 (got -1)");
    assertThat(stdout()).isEmpty();
  }

  @Test
  void aCvTargetWithRepeatOrATooSmallWindowExitsTwoNamingTheFlag() {
    assertThat(AnemometerCli.execute("run", "--until-cv", "3%", "--repeat", "3")).isEqualTo(2);
    assertThat(AnemometerCli.execute("run", "--until-cv", "3%", "--window", "1")).isEqualTo(2);
    assertThat(
            AnemometerCli.execute("run", "--until-cv", "3", "--window", "4", "--max-repeats", "3"))
        .isEqualTo(2);

    assertThat(stderr().lines())
        .containsExactly(
            "anemometer: --until-cv: not with --repeat (a fixed number of runs or a CV target,"
                + " not both)",
            "anemometer: --window: must be ≥ 2, a CV needs two results (got 1)",
            "anemometer: --max-repeats: must be ≥ --window (4) (got 3)");
    assertThat(stdout()).isEmpty();
  }

  @Test
  void aCiTargetMalformedOrWithRepeatOrWithACvTargetExitsTwoInOneLineAndRunsNothing()
      throws Exception {
    String results = dir.resolve("results").toString();

    assertThat(AnemometerCli.execute("run", "--until-ci", "0", "--results", results)).isEqualTo(2);
    assertThat(AnemometerCli.execute("run", "--until-ci", "2%", "--repeat", "3")).isEqualTo(2);
    assertThat(AnemometerCli.execute("run", "--until-ci", "2%", "--until-cv", "3%")).isEqualTo(2);

    assertThat(stderr().lines())
        .containsExactly(
            "anemometer: --until-ci: must be a percentage > 0 (got 0)",
            "anemometer: --until-ci: not with --repeat (a fixed number of runs or a CI target,"
                + " not both)",
            "anemometer: --until-ci: not with --until-cv (one target to stop on, not both)");
    assertThat(stdout()).isEmpty();
    assertThat(dir.resolve("results")).doesNotExist();
  }

  @Test
  void everyCommandsHelpPrintsCleanlyWithoutPicocliWarnings() {
    var commands = new picocli.CommandLine(new AnemometerCli()).getSubcommands().keySet();

    for (String command : commands) {
      assertThat(AnemometerCli.execute(command, "--help")).as(command).isZero();
    }

    assertThat(stderr()).doesNotContain("WARN");
    assertThat(stdout()).contains("±3 %").doesNotContain("%%");
  }

  @Test
  void runHelpExplainsTheRepeatFlags() {
    assertThat(AnemometerCli.execute("run", "--help")).isZero();

    assertThat(stdout())
        .contains(
            "--until-cv=PCT", "--until-ci=PCT", "--window=N", "--max-repeats=M", "--repeat=N");
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
