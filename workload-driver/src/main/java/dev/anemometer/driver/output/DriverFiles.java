package dev.anemometer.driver.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one reader of the files {@link OutputDirectory} writes into a driver folder, typed as they
 * were written. A missing file reads as empty (a run that ended before its first interval); a last
 * line cut off midway is left out (a run killed while writing it); any other line that is not such
 * a record is an error naming the file and the line.
 */
public final class DriverFiles {

  /** The live status intervals, {@link IntervalLine}s. */
  public static final String INTERVALS = "intervals.jsonl";

  /** The judged windows, {@link WindowLine}s. */
  public static final String WINDOWS = "windows.jsonl";

  // A field an older driver did not write reads as zero, false or empty, not as an error.
  private static final JsonMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();

  private DriverFiles() {}

  /** Every status interval of {@code driverDir}, in the order they were written. */
  public static List<IntervalLine> intervals(Path driverDir) {
    return lines(driverDir.resolve(INTERVALS), IntervalLine.class);
  }

  /** Every judged window of {@code driverDir}, in the order they were written. */
  public static List<WindowLine> windows(Path driverDir) {
    return lines(driverDir.resolve(WINDOWS), WindowLine.class);
  }

  /**
   * A driver summary decoded from JSON elsewhere (a map, a tree: a summary that came back from
   * another process), typed as {@code summary.json} is written.
   */
  public static DriverSummary summary(Object decoded) {
    return JSON.convertValue(decoded, DriverSummary.class);
  }

  static <T> List<T> lines(Path file, Class<T> type) {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<String> text;
    try {
      text = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    List<T> records = new ArrayList<>();
    for (int i = 0; i < text.size(); i++) {
      String line = text.get(i);
      if (line.isBlank()) {
        continue;
      }
      try {
        records.add(JSON.readValue(line, type));
      } catch (JacksonException e) {
        if (i == text.size() - 1) {
          break;
        }
        throw new IllegalStateException(
            file + ": line " + (i + 1) + " is not a record of " + type.getSimpleName(), e);
      }
    }
    return records;
  }
}
