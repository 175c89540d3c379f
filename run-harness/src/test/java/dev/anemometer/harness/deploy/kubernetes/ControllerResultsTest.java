package dev.anemometer.harness.deploy.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.audit.AcknowledgedBid;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two controllers' files merged into one driver folder, as one driver with two targets. */
class ControllerResultsTest {

  @TempDir Path driver;

  @Test
  void eachControllersFilesAreKeptAndMergedUnderItsInstancesName() throws Exception {
    ControllerResults results = new ControllerResults(driver);

    List<AcknowledgedBid> first =
        results.keep(0, files("app0,101,7,12,10.50,ACCEPTED_HIGH\napp0,102,7,13,11.00,OUTBID\n"));
    List<AcknowledgedBid> second = results.keep(1, files("app0,201,9,40,99.99,ACCEPTED_HIGH\n"));

    assertThat(first).extracting(AcknowledgedBid::bidId).containsExactly(101L, 102L);
    assertThat(second).extracting(AcknowledgedBid::bidderId).containsExactly(40L);
    assertThat(Files.readAllLines(driver.resolve("acknowledged-bids.csv")))
        .containsExactly(
            "target,bid_id,item_id,bidder_id,amount,outcome",
            "instance-0,101,7,12,10.50,ACCEPTED_HIGH",
            "instance-0,102,7,13,11.00,OUTBID",
            "instance-1,201,9,40,99.99,ACCEPTED_HIGH");
    assertThat(Files.readAllLines(driver.resolve("intervals.jsonl")))
        .containsExactly(
            "{\"target\":\"instance-0\",\"users\":5}", "{\"target\":\"instance-1\",\"users\":5}");
    assertThat(Files.readAllLines(driver.resolve("intervals.csv")))
        .containsExactly("target,from_s", "instance-0,0.000", "instance-1,0.000");
    assertThat(driver.resolve("histograms-instance-0.hlog")).hasContent("hlog");
    assertThat(driver.resolve("histograms-instance-1.hlog")).exists();
    assertThat(driver.resolve("instance-1/acknowledged-bids.csv"))
        .as("as the controller printed it")
        .content()
        .startsWith("target,bid_id")
        .contains("app0,201");
  }

  @Test
  void aControllerWithoutABidsFileHandsBackNoBids() {
    assertThat(new ControllerResults(driver).keep(0, Map.of())).isEmpty();
  }

  private static Map<String, byte[]> files(String bidRows) {
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put(
        "acknowledged-bids.csv",
        ("target,bid_id,item_id,bidder_id,amount,outcome\n" + bidRows)
            .getBytes(StandardCharsets.UTF_8));
    files.put("intervals.jsonl", bytes("{\"target\":\"app0\",\"users\":5}\n"));
    files.put("intervals.csv", bytes("target,from_s\napp0,0.000\n"));
    files.put("histograms-app0.hlog", bytes("hlog"));
    return files;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
