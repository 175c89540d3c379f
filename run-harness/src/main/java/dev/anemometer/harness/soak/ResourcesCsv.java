package dev.anemometer.harness.soak;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code resources.csv} of a results folder: one line per figure, written as each sample is taken
 * so that an interrupted run keeps what it sampled. Long rather than wide, as processes come and go
 * (a restarted app server, an elasticity step) and every table is a series of its own.
 */
public final class ResourcesCsv implements AutoCloseable {

  public static final String FILE = "resources.csv";

  static final String HEADER = "load_s,time,instance,tier,source,metric,value";

  private final BufferedWriter out;

  private ResourcesCsv(BufferedWriter out) {
    this.out = out;
  }

  static ResourcesCsv create(Path file) {
    try {
      BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
      out.write(HEADER);
      out.newLine();
      out.flush();
      return new ResourcesCsv(out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  synchronized void append(List<ResourceRow> rows) {
    try {
      for (ResourceRow row : rows) {
        out.write(line(row));
        out.newLine();
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + FILE, e);
    }
  }

  static String line(ResourceRow row) {
    // Names are the harness's own (instance-0-app-1) or PostgreSQL identifiers: no comma, no quote.
    return String.format(Locale.ROOT, "%.1f", row.loadSeconds())
        + ","
        + row.time()
        + ","
        + row.instance()
        + ","
        + row.tier()
        + ","
        + row.source()
        + ","
        + row.metric()
        + ","
        + value(row.value());
  }

  private static String value(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.1f", value);
  }

  /** Every whole line of the file; a torn last line (a run killed mid-write) is left out. */
  public static List<ResourceRow> read(Path file) {
    List<ResourceRow> rows = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return rows;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      String[] fields = line.split(",", -1);
      if (fields.length != 7) {
        continue;
      }
      try {
        rows.add(
            new ResourceRow(
                Double.parseDouble(fields[0]),
                fields[1],
                fields[2],
                fields[3],
                fields[4],
                fields[5],
                Double.parseDouble(fields[6])));
      } catch (NumberFormatException torn) {
        // the last line of a run killed mid-write
      }
    }
    return rows;
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
