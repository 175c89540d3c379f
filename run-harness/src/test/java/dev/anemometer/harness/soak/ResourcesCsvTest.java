package dev.anemometer.harness.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResourcesCsvTest {

  @TempDir Path dir;

  @Test
  void rowsWrittenAreReadBackAndATornLastLineIsLeftOut() throws IOException {
    Path file = dir.resolve(ResourcesCsv.FILE);
    List<ResourceRow> rows =
        List.of(
            new ResourceRow(
                15.04,
                "2026-11-25T15:00:15Z",
                "instance-0",
                "app",
                "instance-0-app-1",
                "heapAfterGcBytes",
                39220192.5),
            new ResourceRow(
                15.04, "2026-11-25T15:00:15Z", "instance-0", "db", "bid", "tableBytes", 8192));
    try (ResourcesCsv csv = ResourcesCsv.create(file)) {
      csv.append(rows);
    }
    Files.writeString(
        file, "30.0,2026-11-25T15:00:30Z,instance-0,db,bid,tabl", StandardOpenOption.APPEND);

    assertThat(Files.readAllLines(file))
        .startsWith(
            "load_s,time,instance,tier,source,metric,value",
            "15.0,2026-11-25T15:00:15Z,instance-0,app,instance-0-app-1,heapAfterGcBytes,39220192.5",
            "15.0,2026-11-25T15:00:15Z,instance-0,db,bid,tableBytes,8192");
    assertThat(ResourcesCsv.read(file))
        .extracting(ResourceRow::series, ResourceRow::value)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "instance-0/instance-0-app-1/heapAfterGcBytes", 39220192.5),
            org.assertj.core.groups.Tuple.tuple("instance-0/bid/tableBytes", 8192.0));
  }

  @Test
  void noFileIsNoRows() {
    assertThat(ResourcesCsv.read(dir.resolve("missing.csv"))).isEmpty();
  }
}
