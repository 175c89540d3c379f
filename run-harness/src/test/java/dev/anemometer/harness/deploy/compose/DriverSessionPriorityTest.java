package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.deploy.Autogroups;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverSessionPriorityTest {

  @TempDir Path dir;

  private Path autogroup(String content) throws IOException {
    return Files.writeString(dir.resolve("autogroup"), content);
  }

  private Path cgroup(String content) throws IOException {
    return Files.writeString(dir.resolve("cgroup"), content);
  }

  @Test
  void raisesTheSessionTenLevelsForTheLoadAndPutsItBackAfter() throws IOException {
    Path autogroup = autogroup("/autogroup-85 nice 0\n");
    Path cgroup = cgroup("4:memory:/harness\n1:cpu:/\n0::/\n");

    try (DriverSessionPriority priority = DriverSessionPriority.raise(true, autogroup, cgroup)) {
      assertThat(priority.raised()).isTrue();
      assertThat(Files.readString(autogroup)).isEqualTo("-10\n");
      assertThat(priority.describe()).contains("10 nice levels above the containers");
    }

    assertThat(Files.readString(autogroup)).isEqualTo("0\n");
  }

  @Test
  void goesNoHigherThanTheHighestPriority() throws IOException {
    Path autogroup = autogroup("/autogroup-85 nice -15\n");

    DriverSessionPriority priority = DriverSessionPriority.raise(true, autogroup, cgroup("0::/\n"));

    assertThat(Files.readString(autogroup)).isEqualTo("-20\n");
    assertThat(priority.describe()).contains("5 nice levels above");
  }

  @Test
  void saysWhyWhereSessionWeightsDoNotApply() throws IOException {
    Path autogroup = autogroup("/autogroup-85 nice 0\n");

    DriverSessionPriority priority =
        DriverSessionPriority.raise(
            true, autogroup, cgroup("0::/user.slice/user-1000.slice/session-3.scope\n"));

    assertThat(priority.raised()).isFalse();
    assertThat(priority.describe())
        .contains("CPU cgroup /user.slice/user-1000.slice/session-3.scope");
    assertThat(Files.readString(autogroup)).isEqualTo("/autogroup-85 nice 0\n");
  }

  @Test
  void leavesTheSessionAloneWhenTheConfigSaysSoOrTheKernelHasNoAutogroups() throws IOException {
    Path autogroup = autogroup("/autogroup-85 nice 0\n");

    assertThat(DriverSessionPriority.raise(false, autogroup, cgroup("0::/\n")).describe())
        .contains("same priority (driver.precedence)");
    assertThat(
            DriverSessionPriority.raise(true, dir.resolve("missing"), cgroup("0::/\n")).describe())
        .contains("no session autogroups");
    assertThat(Files.readString(autogroup)).isEqualTo("/autogroup-85 nice 0\n");
  }

  @Test
  void readsTheCpuControllersCgroupOnVersionOneAndTheUnifiedOneOnVersionTwo() throws IOException {
    assertThat(DriverSessionPriority.cpuCgroup(cgroup("2:cpuacct:/\n1:cpu,cpuacct:/a\n0::/b\n")))
        .isEqualTo("/a");
    assertThat(DriverSessionPriority.cpuCgroup(cgroup("0::/b\n"))).isEqualTo("/b");
    assertThat(Autogroups.niceOf(autogroup("/autogroup-1 nice 5\n"))).isEqualTo(OptionalInt.of(5));
  }
}
