package dev.anemometer.harness.calibration;

import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The mix of each hold of a calibration sweep against the expected mix (SPEC §3.2). */
public final class MixTable {

  private final Map<OperationType, Double> expected;
  private final List<MixMeasurement> measurements;
  private final double noiseSigmas;

  public MixTable(Map<OperationType, Double> expected, List<MixMeasurement> measurements) {
    this.expected = Map.copyOf(expected);
    this.measurements = List.copyOf(measurements);
    this.noiseSigmas = FamilyWiseNoise.sigmas(this.measurements.size() * judged().size());
  }

  /** The holds of {@code plan} from a run's {@code driver/windows.jsonl}. */
  public static MixTable read(Path windowsFile, CalibrationPlan plan) {
    List<MixMeasurement> measurements = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(windowsFile)) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode window = Json.compact().readTree(line);
        int index = window.path("index").asInt();
        for (int load = 0; load < plan.loads().size(); load++) {
          if (plan.holdWindow(load) == index) {
            measurements.add(measurement(window, plan.loads().get(load)));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + windowsFile, e);
    }
    return new MixTable(QosSpec.weathervaneDefaults().expectedMixPercent(), measurements);
  }

  private static MixMeasurement measurement(JsonNode window, int users) {
    Map<OperationType, Long> counts = new EnumMap<>(OperationType.class);
    for (JsonNode operation : window.path("operations")) {
      counts.put(
          OperationType.fromDisplayName(operation.path("operation").asString()),
          operation.path("count").asLong());
    }
    return new MixMeasurement(window.path("target").asString(), users, counts);
  }

  public List<MixMeasurement> measurements() {
    return measurements;
  }

  /**
   * Standard deviations of counting noise a share may reach by chance, with every operation of
   * every hold judged at once ({@link FamilyWiseNoise}).
   */
  public double noiseSigmas() {
    return noiseSigmas;
  }

  /** Whether every operation of every hold is within ±3 % or its counting noise. */
  public boolean calibrated() {
    return offCalibration().isEmpty();
  }

  /** One line per operation and hold that is off calibration. */
  public List<String> offCalibration() {
    List<String> off = new ArrayList<>();
    for (MixMeasurement m : measurements) {
      for (OperationType type : judged()) {
        if (m.verdict(type, expected.get(type), noiseSigmas) == MixMeasurement.Verdict.OFF) {
          off.add(
              String.format(
                  Locale.ROOT,
                  "%s at %d users: %s %.2f %% against %.2f %% (× %.3f)",
                  m.target(),
                  m.users(),
                  type.displayName(),
                  m.sharePercent(type),
                  expected.get(type),
                  m.ratio(type, expected.get(type))));
        }
      }
    }
    return off;
  }

  public List<String> header() {
    List<String> header = new ArrayList<>(List.of("operation", "expected %"));
    for (MixMeasurement m : measurements) {
      header.add(m.users() + " users %");
      header.add("ratio");
    }
    return header;
  }

  /** One row per operation: expected share, then each hold's share and ratio (flagged). */
  public List<List<String>> rows() {
    List<List<String>> rows = new ArrayList<>();
    for (OperationType type : judged()) {
      List<String> row = new ArrayList<>();
      row.add(type.displayName());
      row.add(String.format(Locale.ROOT, "%.2f", expected.get(type)));
      for (MixMeasurement m : measurements) {
        row.add(String.format(Locale.ROOT, "%.2f", m.sharePercent(type)));
        row.add(ratioCell(m, type));
      }
      rows.add(row);
    }
    List<String> totals = new ArrayList<>(List.of("operations", ""));
    for (MixMeasurement m : measurements) {
      totals.add(String.valueOf(m.total()));
      totals.add("");
    }
    rows.add(totals);
    return rows;
  }

  /** Per session (per Login): the follower operations the mix rests on. */
  public List<List<String>> perSessionRows() {
    List<List<String>> rows = new ArrayList<>();
    for (OperationType type :
        List.of(
            OperationType.JOIN_AUCTION,
            OperationType.GET_CURRENT_ITEM,
            OperationType.GET_NEXT_BID,
            OperationType.PLACE_BID)) {
      List<String> row = new ArrayList<>();
      row.add(type.displayName() + " per session");
      row.add(
          String.format(
              Locale.ROOT, "%.2f", expected.get(type) / expected.get(OperationType.LOGIN)));
      for (MixMeasurement m : measurements) {
        row.add(m.perSession(type));
        row.add("");
      }
      rows.add(row);
    }
    return rows;
  }

  private String ratioCell(MixMeasurement m, OperationType type) {
    double ratio = m.ratio(type, expected.get(type));
    String mark =
        switch (m.verdict(type, expected.get(type), noiseSigmas)) {
          case WITHIN -> "";
          case WITHIN_NOISE -> " ~";
          case OFF -> " !";
        };
    return String.format(Locale.ROOT, "%.3f", ratio) + mark;
  }

  /** Writes {@code calibration.csv}: one row per hold and operation. */
  public void writeCsv(Path file) {
    StringBuilder csv =
        new StringBuilder("target,users,operation,expected_percent,percent,ratio,count,verdict\n");
    for (MixMeasurement m : measurements) {
      for (OperationType type : judged()) {
        csv.append(
            String.format(
                Locale.ROOT,
                "%s,%d,%s,%.2f,%.3f,%.4f,%d,%s%n",
                m.target(),
                m.users(),
                type.displayName(),
                expected.get(type),
                m.sharePercent(type),
                m.ratio(type, expected.get(type)),
                m.count(type),
                m.verdict(type, expected.get(type), noiseSigmas).name().toLowerCase(Locale.ROOT)));
      }
    }
    try {
      Files.writeString(file, csv);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private List<OperationType> judged() {
    List<OperationType> judged = new ArrayList<>();
    for (OperationType type : OperationType.values()) {
      Double share = expected.get(type);
      if (share != null && share > 0) {
        judged.add(type);
      }
    }
    return judged;
  }
}
