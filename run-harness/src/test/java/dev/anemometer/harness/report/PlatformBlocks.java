package dev.anemometer.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Gives a recorded or fake run the platform block and CPU at its result that compare reads. */
final class PlatformBlocks {

  private PlatformBlocks() {}

  /** A 2-core machine with this CPU model and reference speed; the app tier's CPU per user. */
  static Path add(Path run, String model, double speed, double appMicros) {
    Path summary = run.resolve("summary.json");
    String platform =
        "\"platform\": {\"os\": {\"kernel\": \"6.1.0\"}, \"cpu\": {\"model\": \""
            + model
            + "\", \"availableProcessors\": 2}, \"referenceSpeed\": {\"score\": "
            + speed
            + "}}, \"cpu\": {\"measured\": true, \"peak\": [{\"target\": \"instance-0\","
            + " \"tiers\": [{\"tier\": \"app\", \"cpuMicrosPerUserSecond\": "
            + appMicros
            + "}]}]},";
    try {
      Files.writeString(summary, Files.readString(summary).replaceFirst("\\{", "{" + platform));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return run;
  }
}
