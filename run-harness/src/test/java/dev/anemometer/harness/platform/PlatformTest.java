package dev.anemometer.harness.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlatformTest {

  @Test
  void theHeadlineSaysCoresModelMemoryKernelJdkAndSpeed() {
    Platform platform = platform(new Platform.Cpu("Intel Xeon Gold 6338", 4, 2, null, 2000.0));

    assertThat(platform.headline())
        .isEqualTo(
            "platform: 2 cores Intel Xeon Gold 6338, 24 GiB, Linux 6.1, open files 20000,"
                + " JDK 25+36;"
                + " reference speed 0.95 (95 Mop/s/core, 90 with two threads);"
                + " loopback 0.92 (23k round trips/s)");
  }

  @Test
  void aCpuQuotaBelowTheProcessorsIsTheCoresThatCount() {
    Platform platform = platform(new Platform.Cpu("AMD EPYC", 8, 8, 1.5, null));

    assertThat(platform.headline()).startsWith("platform: 1.5 (quota of 8) cores AMD EPYC");
  }

  @Test
  void runningDamonMonitorsAreListedWithWhatTheyDoAndStoppedOnesAreNot(@TempDir Path sys)
      throws Exception {
    Path on = Files.createDirectories(sys.resolve("0/contexts/0/schemes/0"));
    Files.writeString(sys.resolve("0/state"), "on\n");
    Files.writeString(on.resolve("action"), "pageout\n");
    Files.createDirectories(sys.resolve("1"));
    Files.writeString(sys.resolve("1/state"), "off\n");
    Files.writeString(sys.resolve("nr_kdamonds"), "2\n");

    assertThat(PlatformProbe.memoryMonitors(sys)).containsExactly("kdamond 0: pageout");
    Files.writeString(sys.resolve("0/state"), "off\n");
    assertThat(PlatformProbe.memoryMonitors(sys)).isNull();
    assertThat(PlatformProbe.memoryMonitors(sys.resolve("missing"))).isNull();
  }

  @Test
  void theKernelIsShortenedToMajorAndMinor() {
    assertThat(Platform.shortKernel("6.1.0-18-amd64")).isEqualTo("6.1");
    assertThat(Platform.shortKernel("6")).isEqualTo("6");
  }

  private static Platform platform(Platform.Cpu cpu) {
    return new Platform(
        "bench-1",
        new Platform.Os(
            "Linux",
            "6.1.0-18-amd64",
            "Debian GNU/Linux 12",
            "amd64",
            List.of("meltdown: PTI"),
            20_000L,
            null),
        cpu,
        new Platform.Memory(24L << 30, null),
        new Platform.Jdk("Eclipse Adoptium", "25+36", "OpenJDK 64-Bit Server VM", List.of()),
        "the harness's (25+36)",
        "local",
        Map.of("nginx", "nginx/1.22.1"),
        null,
        new ReferenceSpeed(95e6, 90e6, 0.95),
        new LoopbackSpeed(23_000, 0.92),
        null);
  }
}
