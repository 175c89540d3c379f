package dev.anemometer.harness.deploy.kubernetes;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The driver controller's result files (acknowledged bids, interval files, histogram log, judged
 * windows), handed back through its pod's log: the controller's volume is an {@code emptyDir} that
 * goes with the pod, and a finished pod takes no {@code exec}. When the driver ends, the wrapper
 * prints each file as a marker line and the file gzipped in base64, before the summary.
 *
 * <p>A log rotated by the kubelet loses its beginning, never its end: a file whose marker is gone
 * is missing, one whose marker is there is whole. Its gzip checksum says so all the same; a file
 * that does not decode is reported as damaged, not written.
 */
final class ControllerFiles {

  /** The start of the line before each file: the file name follows, then {@link #MARKER_END}. */
  static final String MARKER = "=== anemometer: driver file ";

  static final String MARKER_END = " ===";

  /**
   * The wrapper's shell loop over the result folder ({@code $results}): every regular file but the
   * summary, which the wrapper prints last after its own marker.
   */
  static final String PRINT_FILES =
      "for f in \"$results\"/*; do n=${f##*/};"
          + " { [ -f \"$f\" ] && [ \"$n\" != summary.json ]; } || continue;"
          + " echo '"
          + MARKER
          + "'\"$n\"'"
          + MARKER_END
          + "'; gzip -c \"$f\" | base64; done;";

  /** What the driver writes: plain names, nothing that could leave the folder it is written to. */
  private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

  /**
   * @param files each file's bytes by name, in the order printed
   * @param damaged names whose text did not decode (with the reason)
   */
  record Read(Map<String, byte[]> files, List<String> damaged) {}

  private ControllerFiles() {}

  /** The files printed in {@code log}; none when the log holds no file marker. */
  static Read read(String log) {
    Map<String, StringBuilder> texts = new LinkedHashMap<>();
    StringBuilder current = null;
    if (log != null) {
      for (String line : log.split("\n", -1)) {
        if (line.startsWith(MARKER) && line.endsWith(MARKER_END)) {
          String name = line.substring(MARKER.length(), line.length() - MARKER_END.length());
          current = new StringBuilder();
          texts.put(name, current);
        } else if (line.startsWith("=== anemometer:")) {
          current = null;
        } else if (current != null) {
          current.append(line.strip());
        }
      }
    }
    Map<String, byte[]> files = new LinkedHashMap<>();
    List<String> damaged = new ArrayList<>();
    texts.forEach(
        (name, text) -> {
          if (!SAFE_NAME.matcher(name).matches() || name.contains("..")) {
            damaged.add(name + ": not a plain file name");
            return;
          }
          try {
            files.put(name, gunzip(Base64.getDecoder().decode(text.toString())));
          } catch (IllegalArgumentException | IOException e) {
            damaged.add(name + ": " + e.getMessage());
          }
        });
    return new Read(files, damaged);
  }

  private static byte[] gunzip(byte[] gzipped) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped))) {
      return in.readAllBytes();
    }
  }
}
