package dev.anemometer.harness.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProcessTreeCpuTest {

  /** utime 1500, stime 250, cutime 40, cstime 10; a command with a space and a parenthesis. */
  static final String NGINX_MASTER =
      "4242 (nginx: master (x)) S 1 4242 4242 0 -1 4194560 1234 0 0 0 1500 250 40 10 20 0 1 0"
          + " 98765 12345678 456 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0\n";

  @Test
  void readsOwnAndReapedChildrenTimeAfterTheLastParenthesis() {
    ProcStat stat = ProcStat.parse(NGINX_MASTER);

    assertThat(stat.pid()).isEqualTo(4242);
    assertThat(stat.command()).isEqualTo("nginx: master (x)");
    assertThat(stat.ownTicks()).isEqualTo(1750);
    assertThat(stat.reapedChildrenTicks()).isEqualTo(50);
    assertThat(stat.totalTicks()).isEqualTo(1800);
  }

  @Test
  void aLineThatIsNotAStatLineSaysSo() {
    assertThatThrownBy(() -> ProcStat.parse("garbage"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a /proc/<pid>/stat line");
    assertThatThrownBy(() -> ProcStat.parse("7 (x) S 1 2 3"))
        .hasMessageContaining("too few fields in /proc/7/stat");
  }

  @Test
  void sumsTheTreeAndSkipsAChildThatEndedSinceTheListing() {
    Map<Long, String> stats =
        Map.of(
            4242L, NGINX_MASTER,
            4243L, stat(4243, "nginx: worker", 300, 100, 0, 0),
            4244L, stat(4244, "nginx: worker", 200, 0, 0, 0));
    ProcessTreeCpu trees =
        new ProcessTreeCpu(proc(stats, Map.of(4242L, List.of(4243L, 4244L, 4245L))));

    // (1800 + 400 + 200) ticks at 100 per second = 24 s.
    assertThat(trees.cpuNanos(4242)).hasValue(24_000_000_000L);
    assertThat(trees.cpuNanos(9999)).isEmpty();
  }

  static String stat(long pid, String command, long utime, long stime, long cutime, long cstime) {
    return pid
        + " ("
        + command
        + ") S 1 1 1 0 -1 0 0 0 0 0 "
        + utime
        + " "
        + stime
        + " "
        + cutime
        + " "
        + cstime
        + " 20 0 1 0 100 0 0\n";
  }

  static ProcessTreeCpu.Proc proc(Map<Long, String> stats, Map<Long, List<Long>> children) {
    return new ProcessTreeCpu.Proc() {
      @Override
      public Optional<String> stat(long pid) {
        return Optional.ofNullable(stats.get(pid));
      }

      @Override
      public List<Long> descendants(long pid) {
        return children.getOrDefault(pid, List.of());
      }
    };
  }
}
