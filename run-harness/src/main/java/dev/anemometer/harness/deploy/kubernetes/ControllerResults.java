package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.audit.AcknowledgedBid;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * One controller's result files as the harness keeps them: as printed in {@code
 * driver/instance-N/}, and merged into {@code driver/} in the shape a single driver writes (its
 * target renamed {@code instance-N}), so that the report's time series, the soak's exact p99s and
 * the bid audit read a cluster run as they read a local one.
 */
final class ControllerResults {

  static final String BIDS = "acknowledged-bids.csv";

  private static final List<String> JSON_LINES = List.of("intervals.jsonl", "windows.jsonl");
  private static final List<String> CSV_FILES = List.of("intervals.csv", BIDS);

  private final Path driverDir;

  ControllerResults(Path driverDir) {
    this.driverDir = driverDir;
  }

  /**
   * Keeps the files of instance {@code index} and merges them into the driver folder.
   *
   * @return the acknowledged bids among them, empty when the controller printed none
   */
  List<AcknowledgedBid> keep(int index, Map<String, byte[]> files) {
    String target = "instance-" + index;
    files.forEach((name, bytes) -> write(driverDir.resolve(target).resolve(name), bytes));
    for (Map.Entry<String, byte[]> file : files.entrySet()) {
      String name = file.getKey();
      String text = new String(file.getValue(), StandardCharsets.UTF_8);
      if (JSON_LINES.contains(name)) {
        append(name, null, retargetJsonLines(text, target));
      } else if (CSV_FILES.contains(name)) {
        List<String> rows = text.lines().toList();
        if (!rows.isEmpty()) {
          append(name, rows.get(0), retargetCsv(rows.subList(1, rows.size()), target));
        }
      } else if (name.startsWith("histograms-") && name.endsWith(".hlog")) {
        write(driverDir.resolve("histograms-" + target + ".hlog"), file.getValue());
      }
    }
    byte[] bids = files.get(BIDS);
    return bids == null ? List.of() : bids(new String(bids, StandardCharsets.UTF_8));
  }

  /** Rows {@code target,bid_id,item_id,bidder_id,amount,outcome} after the header. */
  static List<AcknowledgedBid> bids(String csv) {
    List<AcknowledgedBid> bids = new ArrayList<>();
    List<String> rows = csv.lines().toList();
    for (int i = 1; i < rows.size(); i++) {
      String[] f = rows.get(i).split(",", -1);
      try {
        bids.add(
            new AcknowledgedBid(
                Long.parseLong(f[1]),
                Long.parseLong(f[2]),
                Long.parseLong(f[3]),
                new BigDecimal(f[4]),
                f[5]));
      } catch (RuntimeException e) {
        throw new TierStartException(
            BIDS + " from the driver controller, line " + (i + 1) + ": not a bid: " + rows.get(i));
      }
    }
    return bids;
  }

  private static List<String> retargetJsonLines(String text, String target) {
    List<String> lines = new ArrayList<>();
    for (String line : text.lines().filter(l -> !l.isBlank()).toList()) {
      ObjectNode node = (ObjectNode) Json.compact().readTree(line);
      node.put("target", target);
      lines.add(Json.compact().writeValueAsString(node));
    }
    return lines;
  }

  private static List<String> retargetCsv(List<String> rows, String target) {
    return rows.stream()
        .filter(row -> !row.isBlank())
        .map(row -> target + row.substring(Math.max(0, row.indexOf(','))))
        .toList();
  }

  /** Appends to a merged file of the driver folder; a CSV's header goes in once, first. */
  private void append(String name, String header, List<String> lines) {
    Path file = driverDir.resolve(name);
    StringBuilder text = new StringBuilder();
    if (header != null && !Files.exists(file)) {
      text.append(header).append('\n');
    }
    lines.forEach(line -> text.append(line).append('\n'));
    try {
      Files.createDirectories(driverDir);
      Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private static void write(Path file, byte[] bytes) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
