package dev.anemometer.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Copies of the recorded results folders under test resources, safe to write reports into. */
final class RecordedRuns {

  static final String FIXED = "20261121-201403-fixed-300";
  static final String FIND_MAX = "20261122-091500-findmax";

  private RecordedRuns() {}

  static Path copy(String name, Path into) {
    try {
      Path source = Path.of(RecordedRuns.class.getResource("/recorded-runs/" + name).toURI());
      Path target = into.resolve(name);
      try (Stream<Path> files = Files.walk(source)) {
        for (Path file : files.toList()) {
          Path copy = target.resolve(source.relativize(file).toString());
          if (Files.isDirectory(file)) {
            Files.createDirectories(copy);
          } else {
            Files.copy(file, copy);
          }
        }
      }
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
