package dev.anemometer.driver.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.driver.stats.IntervalStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverFilesTest {

  @TempDir Path directory;

  @Test
  void readsBackTheWindowsTheOutputWroteAsTheyWere() throws Exception {
    QosVerdict failed = new QosVerdict(false, List.of(), List.of("the driver lagged 1.2 s"));
    IntervalStats none = IntervalStats.empty(0, 0);
    try (OutputDirectory output = new OutputDirectory(directory, () -> 1_700_000_000_000L)) {
      output.onWindow(new WindowResult("app0", 8, 0, 60_000, 3_439, none, failed, 87.94));
      output.onWindow(
          new WindowResult("app0", 9, 60_000, 120_000, 3_524, none, failed, Double.NaN));
    }

    List<WindowLine> windows = DriverFiles.windows(directory);

    assertThat(windows).hasSize(2);
    WindowLine first = windows.get(0);
    assertThat(first.target()).isEqualTo("app0");
    assertThat(first.index()).isEqualTo(8);
    assertThat(first.endMillis()).isEqualTo(60_000);
    assertThat(first.users()).isEqualTo(3_439);
    assertThat(first.passed()).isFalse();
    assertThat(first.valid()).isFalse();
    assertThat(first.invalidReasons()).containsExactly("the driver lagged 1.2 s");
    assertThat(first.machineBusyPercent()).isEqualTo(87.9);
    assertThat(windows.get(1).machineBusyPercent()).isNull();
    assertThat(DriverFiles.intervals(directory)).isEmpty();
  }

  @Test
  void aMissingFileIsEmptyAndATornLastLineIsLeftOut() throws Exception {
    assertThat(DriverFiles.intervals(directory.resolve("absent"))).isEmpty();

    Files.writeString(
        directory.resolve(DriverFiles.INTERVALS),
        "{\"target\":\"app0\",\"fromMillis\":0,\"toMillis\":10000,\"users\":5,\"phase\":\"QOS\"}\n"
            + "{\"target\":\"app0\",\"fromMil");

    List<IntervalLine> intervals = DriverFiles.intervals(directory);
    assertThat(intervals).hasSize(1);
    assertThat(intervals.get(0).phase()).isEqualTo("QOS");
    assertThat(intervals.get(0).operations()).isEmpty();
  }

  @Test
  void aBrokenLineBeforeTheLastIsAnErrorNamingFileAndLine() throws Exception {
    Path file = directory.resolve(DriverFiles.INTERVALS);
    Files.writeString(file, "{\"target\":\"app0\"}\nnot json\n{\"target\":\"app0\"}\n");

    assertThatThrownBy(() -> DriverFiles.intervals(directory))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(file + ": line 2 is not a record of IntervalLine");
  }
}
