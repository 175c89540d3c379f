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

/** {@code ab}'s user mistakes: each one line naming its flag or file, exit 2, nothing run. */
class ExperimentCommandTest {

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
  void withoutTwoVariantsItSaysHowToGiveThem() {
    assertRejected(
        "anemometer: ab: needs two or more variants: two CONFIG files, --variant NAME:KEY=VALUE,"
            + " or --aa",
        "ab");
  }

  @Test
  void aBadStopRuleNamesItsFlag() {
    assertRejected(
        "anemometer: --until-ci: must be a percentage above 0 and below 100 (got 0%)",
        "ab", "--aa", "--until-ci", "0%");
    assertRejected(
        "anemometer: --until-ci: not with --detect (one target to stop on, not both)",
        "ab",
        "--aa",
        "--until-ci",
        "2%",
        "--detect",
        "3%");
    assertRejected(
        "anemometer: --max-rounds: must be ≥ 3 with a target (got 2)",
        "ab",
        "--aa",
        "--detect",
        "3",
        "--max-rounds",
        "2");
    assertRejected(
        "anemometer: --max-rounds: must be ≥ 2, an interval needs two rounds (got 1)",
        "ab",
        "--aa",
        "--max-rounds",
        "1");
  }

  @Test
  void aMetricThatDoesNotFitTheStrategyNamesTheFlag() {
    assertRejected(
        "anemometer: --metric: peak needs strategy findMax (got fixed)",
        "ab",
        "--aa",
        "--set",
        "strategy=fixed",
        "--metric",
        "peak");
    assertRejected(
        "anemometer: --metric: cpu is taken at a fixed load, not with strategy findMax (use peak)",
        "ab",
        "--aa",
        "--set",
        "strategy=findMax",
        "--metric",
        "cpu");
    assertRejected(
        "anemometer: --metric: unknown operation 'Bidding' (e.g. p99:PlaceBid, p99:GetItemDetail)",
        "ab",
        "--aa",
        "--set",
        "strategy=fixed",
        "--metric",
        "p99:Bidding");
    assertRejected(
        "anemometer: --metric: must be peak, throughput, p99:OPERATION or cpu (got fast)",
        "ab",
        "--aa",
        "--set",
        "strategy=fixed",
        "--metric",
        "fast");
  }

  @Test
  void aBadVariantNamesItself() {
    assertRejected(
        "anemometer: --variant: expected NAME: KEY=VALUE; KEY=VALUE…, NAME 1–40 letters, digits,"
            + " '.', '_' or '-' (got two apps)",
        "ab",
        "--variant",
        "two apps");
    assertRejected(
        "anemometer: --variant two: expected KEY=VALUE (got appInstances)",
        "ab",
        "--variant",
        "two: appInstances");
    assertRejected(
        "anemometer: --variant two: appInstances[0].tiers.app.instances: must be ≥ 1 (got 0)",
        "ab",
        "--variant",
        "two: appInstances[0].tiers.app.instances=0");
    assertRejected(
        "anemometer: --variant: the name 'base' is taken",
        "ab",
        "--variant",
        "base: appInstances[0].users=50");
  }

  @Test
  void aVariantFileThatDoesNotLoadIsNamedWithItsField() throws Exception {
    Path good = dir.resolve("good.yaml");
    Path broken = dir.resolve("broken.yaml");
    Files.writeString(good, "name: good\n");
    Files.writeString(broken, "strategy: sometimes\n");

    int exit = AnemometerCli.execute("ab", good.toString(), broken.toString());

    assertThat(exit).isEqualTo(2);
    assertThat(stderr().lines().toList()).hasSize(1);
    assertThat(stderr()).startsWith("anemometer: " + broken + ": strategy:");
  }

  @Test
  void variantsOfDifferentStrategiesCannotBeCompared() throws Exception {
    Path fixed = dir.resolve("fixed.yaml");
    Path search = dir.resolve("search.yaml");
    Files.writeString(fixed, "strategy: fixed\n");
    Files.writeString(search, "strategy: findMax\n");

    assertRejected(
        "anemometer: "
            + search
            + ": strategy findMax differs from the base's fixed (the variants are compared on one"
            + " metric)",
        "ab",
        fixed.toString(),
        search.toString());
  }

  private void assertRejected(String line, String... args) {
    err.reset();
    Path results = dir.resolve("results");
    String[] withResults = java.util.Arrays.copyOf(args, args.length + 2);
    withResults[args.length] = "--results";
    withResults[args.length + 1] = results.toString();

    int exit = AnemometerCli.execute(withResults);

    assertThat(exit).as(String.join(" ", args)).isEqualTo(2);
    assertThat(stderr().strip()).isEqualTo(line);
    assertThat(results).as("no experiment started").doesNotExist();
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
