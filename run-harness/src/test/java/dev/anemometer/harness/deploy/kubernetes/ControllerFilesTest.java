package dev.anemometer.harness.deploy.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller's result files through its log: the wrapper script itself, run by this host's
 * {@code sh} with a stand-in {@code java} that writes what the driver writes, and the reader's
 * answers to a rotated, damaged or hostile log.
 */
class ControllerFilesTest {

  @TempDir Path dir;

  @Test
  void theWrapperPrintsEveryResultFileBeforeTheSummaryAndKeepsTheDriversExitCode()
      throws Exception {
    Path results = Files.createDirectories(dir.resolve("results"));
    Path bin = Files.createDirectories(dir.resolve("bin"));
    StringBuilder bids = new StringBuilder("target,bid_id,item_id,bidder_id,amount,outcome\n");
    for (int i = 1; i <= 2_000; i++) {
      bids.append("app0,").append(i).append(",7,12,").append(100 + i).append(".25,OUTBID\n");
    }
    Path java = bin.resolve("java");
    Files.writeString(
        java,
        "#!/bin/sh\n"
            + "printf '%s' '"
            + bids
            + "' > \"$ANEMOMETER_RESULTS/acknowledged-bids.csv\"\n"
            + "printf '{\"target\":\"app0\",\"users\":5}\\n' > \"$ANEMOMETER_RESULTS/intervals.jsonl\"\n"
            + "printf 'binary\\001\\377' > \"$ANEMOMETER_RESULTS/histograms-app0.hlog\"\n"
            + "printf '{\"passed\": false}' > \"$ANEMOMETER_RESULTS/summary.json\"\n"
            + "exit 1\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
    ProcessBuilder sh =
        new ProcessBuilder("sh", "-c", ControllerJob.SCRIPT, "workload-driver", "controller")
            .redirectErrorStream(true);
    sh.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    sh.environment().put("ANEMOMETER_RESULTS", results.toString());
    Process process = sh.start();
    String log = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();

    assertThat(process.exitValue()).as("the driver's exit code, so the Job fails").isEqualTo(1);
    assertThat(ControllerJob.summary(log)).contains("{\"passed\": false}");
    ControllerFiles.Read read = ControllerFiles.read(log);
    assertThat(read.damaged()).isEmpty();
    assertThat(read.files())
        .containsOnlyKeys("acknowledged-bids.csv", "histograms-app0.hlog", "intervals.jsonl");
    assertThat(new String(read.files().get("acknowledged-bids.csv"), StandardCharsets.UTF_8))
        .isEqualTo(bids.toString());
    assertThat(read.files().get("histograms-app0.hlog"))
        .containsExactly("binary\001\377".getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void aRotatedLogLosesWholeFilesAndADamagedOrHostileOneIsReportedNotWritten() throws Exception {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("intervals.jsonl", "{\"target\":\"app0\"}\n");
    files.put("acknowledged-bids.csv", "target,bid_id,item_id,bidder_id,amount,outcome\n");
    String whole = printed(files);
    // the kubelet rotated the log: its first lines, with the first file's marker, are gone
    String rotated = whole.substring(whole.indexOf('\n', whole.indexOf("H4sI")) + 1);

    assertThat(ControllerFiles.read(rotated).files()).containsOnlyKeys("acknowledged-bids.csv");
    assertThat(ControllerFiles.read(rotated).damaged()).isEmpty();

    String damaged = whole.replaceFirst("H4sI", "H4sX");
    assertThat(ControllerFiles.read(damaged).files()).containsOnlyKeys("acknowledged-bids.csv");
    assertThat(ControllerFiles.read(damaged).damaged())
        .singleElement()
        .asString()
        .startsWith("intervals.jsonl: ");

    String hostile = printed(Map.of("../../etc/cron.d/x", "* * * * * root true\n"));
    assertThat(ControllerFiles.read(hostile).files()).isEmpty();
    assertThat(ControllerFiles.read(hostile).damaged())
        .containsExactly("../../etc/cron.d/x: not a plain file name");
    assertThat(ControllerFiles.read(null).files()).isEmpty();
  }

  /** What the wrapper prints for these files, then the summary's marker. */
  private static String printed(Map<String, String> files) throws IOException {
    return "12:00:00 instance-0 users 100 ok\n"
        + filesBlock(files)
        + ControllerJob.SUMMARY_MARKER
        + "\n{}\n";
  }

  /**
   * The lines the wrapper prints for these files: a marker each, then the file gzipped in base64.
   */
  static String filesBlock(Map<String, String> files) throws IOException {
    StringBuilder log = new StringBuilder();
    for (Map.Entry<String, String> file : files.entrySet()) {
      log.append(ControllerFiles.MARKER)
          .append(file.getKey())
          .append(ControllerFiles.MARKER_END)
          .append('\n');
      ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
      try (GZIPOutputStream out = new GZIPOutputStream(gzipped)) {
        out.write(file.getValue().getBytes(StandardCharsets.UTF_8));
      }
      String base64 = Base64.getEncoder().encodeToString(gzipped.toByteArray());
      for (int i = 0; i < base64.length(); i += 76) {
        log.append(base64, i, Math.min(base64.length(), i + 76)).append('\n');
      }
    }
    return log.toString();
  }

  @Test
  void bidsAreReadFromTheirRows() {
    assertThat(
            ControllerResults.bids(
                "target,bid_id,item_id,bidder_id,amount,outcome\napp0,4500001,37,12,283.59,ACCEPTED_HIGH\n"))
        .singleElement()
        .satisfies(
            bid -> {
              assertThat(bid.bidId()).isEqualTo(4_500_001L);
              assertThat(bid.amount()).isEqualByComparingTo("283.59");
              assertThat(bid.outcome()).isEqualTo("ACCEPTED_HIGH");
            });
  }
}
