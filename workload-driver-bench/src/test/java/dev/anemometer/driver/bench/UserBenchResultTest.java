package dev.anemometer.driver.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class UserBenchResultTest {

  private static Histogram latencies(long fromMicros, long toMicros) {
    Histogram histogram = new Histogram(3);
    for (long micros = fromMicros; micros <= toMicros; micros++) {
      histogram.recordValue(micros * 1_000);
    }
    return histogram;
  }

  @Test
  void whatAProcessWritesReadsBackTheSame() {
    UserBenchResult written =
        new UserBenchResult(
            "epoll",
            1,
            3_334,
            3_334 * 60.0,
            102_000,
            3,
            410,
            6_600_000_000L,
            5_900_000_000L,
            310_000_000L,
            "loop 5.9s",
            latencies(50, 450));

    UserBenchResult read = UserBenchResult.parse("bench: noise\n" + written.lines());

    assertThat(read).usingRecursiveComparison().ignoringFields("driverAdded").isEqualTo(written);
    assertThat(read.driverAdded()).isEqualTo(written.driverAdded());
    assertThat(read.lines()).contains("process_cpu_us_per_user_second=32.993\n", "users=3334\n");
  }

  @Test
  void processesThatSplitTheUsersAddUpToOneResultWithTheirLatenciesMergedExactly() {
    UserBenchResult first =
        new UserBenchResult(
            "epoll",
            1,
            5_000,
            5_000 * 60.0,
            150_000,
            1,
            600,
            9_000_000_000L,
            8_000_000_000L,
            450_000_000L,
            "loop 8.0s",
            latencies(1, 1_000));
    UserBenchResult second =
        new UserBenchResult(
            "epoll",
            1,
            5_000,
            5_000 * 62.0,
            160_000,
            2,
            640,
            12_000_000_000L,
            11_000_000_000L,
            500_000_000L,
            "loop 11.0s",
            latencies(1_001, 2_000));

    UserBenchResult merged = UserBenchResult.merge(List.of(first, second));

    assertThat(merged.parts()).isEqualTo(2);
    assertThat(merged.users()).isEqualTo(10_000);
    assertThat(merged.seconds()).isCloseTo(61.0, within(1e-9));
    assertThat(merged.operations()).isEqualTo(310_000);
    assertThat(merged.failures()).isEqualTo(3);
    assertThat(merged.bidsAcknowledged()).isEqualTo(1_240);
    // 21 s of CPU over 610,000 user-seconds: 34.4 µs each, not the mean of 30 and 38.7.
    assertThat(merged.lines())
        .contains(
            "process_cpu_us_per_user_second=34.426\n",
            "loop_cpu_us_per_user_second=31.148\n",
            "loop_bytes_allocated_per_operation=3065\n",
            "operations_per_second=5082.0\n");
    // The merged p99 is the 99th percentile of both processes' operations together.
    assertThat(merged.driverAdded().getTotalCount()).isEqualTo(2_000);
    assertThat(merged.driverAdded().getValueAtPercentile(99) / 1_000).isBetween(1_979L, 1_981L);
    assertThat(merged.busiestThreads()).isEqualTo("process 1: loop 8.0s; process 2: loop 11.0s");
  }

  @Test
  void aResultMissingAFieldIsRefusedNamingIt() {
    assertThatThrownBy(() -> UserBenchResult.parse("transport=epoll\nparts=1\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a user bench result lacks users");
  }
}
