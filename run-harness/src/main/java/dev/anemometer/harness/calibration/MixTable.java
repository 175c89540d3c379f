package dev.anemometer.harness.calibration;

import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.driver.output.IntervalLine;
import dev.anemometer.driver.output.OperationSummary;
import dev.anemometer.driver.output.WindowLine;
import dev.anemometer.driver.qos.QosRule;
import dev.anemometer.driver.qos.QosSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

  /**
   * The holds of {@code plan} from a run's driver folder ({@code windows.jsonl}), each with the
   * noise of its shares from the 10-second intervals of {@code intervals.jsonl} (where there is
   * one) that lie within the hold.
   */
  public static MixTable read(Path driverDir, CalibrationPlan plan) {
    List<IntervalLine> intervals = DriverFiles.intervals(driverDir);
    List<MixMeasurement> measurements = new ArrayList<>();
    for (WindowLine window : DriverFiles.windows(driverDir)) {
      for (int load = 0; load < plan.loads().size(); load++) {
        if (plan.holdWindow(load) == window.index()) {
          measurements.add(measurement(window, plan.loads().get(load), intervals));
        }
      }
    }
    return new MixTable(QosSpec.weathervaneDefaults().expectedMixPercent(), measurements);
  }

  private static MixMeasurement measurement(
      WindowLine window, int users, List<IntervalLine> intervals) {
    List<Map<OperationType, Long>> within = new ArrayList<>();
    for (IntervalLine interval : intervals) {
      if (interval.target().equals(window.target())
          && interval.fromMillis() >= window.startMillis()
          && interval.toMillis() <= window.endMillis()) {
        within.add(counts(interval.operations()));
      }
    }
    return new MixMeasurement(
        window.target(),
        users,
        counts(window.operations()),
        ShareNoise.of(within),
        Duration.ofMillis(window.endMillis() - window.startMillis()),
        overLimits(window));
  }

  /** The messages of the response-time and failure rules a window failed (not its mix's). */
  private static List<String> overLimits(WindowLine window) {
    List<String> failed = new ArrayList<>();
    for (OperationSummary operation : window.operations()) {
      for (OperationSummary.Rule rule : operation.rules()) {
        boolean limit =
            QosRule.RESPONSE_TIME.name().equals(rule.rule())
                || QosRule.FAILURES.name().equals(rule.rule());
        if (limit && !rule.passed()) {
          failed.add(rule.message());
        }
      }
    }
    return failed;
  }

  private static Map<OperationType, Long> counts(List<OperationSummary> operations) {
    Map<OperationType, Long> counts = new EnumMap<>(OperationType.class);
    for (OperationSummary operation : operations) {
      counts.put(OperationType.fromDisplayName(operation.operation()), operation.count());
    }
    return counts;
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

  /**
   * Whether every hold ran within its limits, and every operation of every hold is within ±3 % or
   * its counting noise.
   */
  public boolean calibrated() {
    return offCalibration().isEmpty() && overloaded().isEmpty();
  }

  /**
   * One line per hold that ran over its response-time or failure limits: its mix is the restarts'
   * of an overload, not the behaviour's, and says nothing about the calibration.
   */
  public List<String> overloaded() {
    List<String> lines = new ArrayList<>();
    for (MixMeasurement m : measurements) {
      if (m.overloaded()) {
        List<String> rules = m.overLimits();
        lines.add(
            String.format(
                Locale.ROOT,
                "%s at %d users: the hold ran over its limits (%s%s): failed operations start"
                    + " their users' sessions over, and the restarts skew the mix; ramp slower,"
                    + " settle longer or hold a lower load",
                m.target(),
                m.users(),
                rules.get(0),
                rules.size() > 1 ? ", and " + (rules.size() - 1) + " more" : ""));
      }
    }
    return lines;
  }

  /** One line per operation and hold that is off calibration. */
  public List<String> offCalibration() {
    List<String> off = new ArrayList<>();
    for (MixMeasurement m : measurements) {
      if (m.overloaded()) {
        continue;
      }
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

  /**
   * Per hold, how precisely it measured the mix: the widest noise of a share (one standard
   * deviation, relative to its expected share) and, where the rule's noise allowance reaches past
   * ±3 %, about how long a hold would have to be for it not to.
   */
  public List<String> precision() {
    List<String> lines = new ArrayList<>();
    for (MixMeasurement m : measurements) {
      OperationType widest = null;
      double noise = 0;
      for (OperationType type : judged()) {
        double relative = m.relativeNoise(type, expected.get(type));
        if (relative > noise) {
          noise = relative;
          widest = type;
        }
      }
      if (widest == null) {
        continue;
      }
      double allowance = noiseSigmas * noise;
      String line =
          String.format(
              Locale.ROOT,
              "%s at %d users: shares known to ±%.1f %% (1 sd; %s the widest), ±%.1f %% with"
                  + " %.1f sd allowed",
              m.target(),
              m.users(),
              noise * 100,
              widest.displayName(),
              allowance * 100,
              noiseSigmas);
      if (allowance > MixMeasurement.TOLERANCE && !m.hold().isZero()) {
        double factor = Math.pow(allowance / MixMeasurement.TOLERANCE, 2);
        long minutes = (long) Math.ceil(m.hold().toSeconds() * factor / 60.0);
        line += "; to judge at ±3 %, hold about " + minutes + " min";
      }
      lines.add(line);
    }
    return lines;
  }

  public List<String> header() {
    List<String> header = new ArrayList<>(List.of("operation", "expected %"));
    for (MixMeasurement m : measurements) {
      header.add(m.users() + " users %");
      header.add(m.overloaded() ? "not judged" : "ratio");
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
    if (m.overloaded()) {
      return String.format(Locale.ROOT, "%.3f", ratio);
    }
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
        new StringBuilder(
            "target,users,operation,expected_percent,percent,ratio,count,noise_percent,verdict\n");
    for (MixMeasurement m : measurements) {
      for (OperationType type : judged()) {
        csv.append(
            String.format(
                Locale.ROOT,
                "%s,%d,%s,%.2f,%.3f,%.4f,%d,%.2f,%s%n",
                m.target(),
                m.users(),
                type.displayName(),
                expected.get(type),
                m.sharePercent(type),
                m.ratio(type, expected.get(type)),
                m.count(type),
                m.relativeNoise(type, expected.get(type)) * 100,
                m.overloaded()
                    ? "not_judged"
                    : m.verdict(type, expected.get(type), noiseSigmas)
                        .name()
                        .toLowerCase(Locale.ROOT)));
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
