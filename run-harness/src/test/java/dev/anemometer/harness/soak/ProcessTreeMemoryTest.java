package dev.anemometer.harness.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessTreeMemoryTest {

  @TempDir Path proc;

  @Test
  void aTreeAddsUpItsProcessesMemoryAndOpenFiles() throws IOException {
    process(100, 51_200, 20_000, 12); // nginx master
    process(101, 10_240, 4_096, 30); // worker
    process(102, 10_240, 4_096, 31); // worker
    ProcessTreeMemory memory = new ProcessTreeMemory(proc, Map.of(100L, List.of(101L, 102L))::get);

    ProcessTreeMemory.TreeUsage tree = memory.usage(100).orElseThrow();

    assertThat(tree.processes()).isEqualTo(3);
    assertThat(tree.rssBytes()).isEqualTo((51_200 + 10_240 + 10_240) * 1024L);
    assertThat(tree.pssBytes()).hasValue((20_000 + 4_096 + 4_096) * 1024L);
    assertThat(tree.anonPssBytes()).hasValue(3 * 3_000 * 1024L);
    assertThat(tree.openFiles()).isEqualTo(12 + 30 + 31);
  }

  @Test
  void childrenThatEndedOrAreZombiesAreLeftOut() throws IOException {
    process(200, 1_000, 900, 5);
    Files.createDirectories(proc.resolve("202"));
    Files.writeString(proc.resolve("202/status"), "Name:\tpostgres\nState:\tZ (zombie)\n");
    ProcessTreeMemory memory = new ProcessTreeMemory(proc, Map.of(200L, List.of(201L, 202L))::get);

    ProcessTreeMemory.TreeUsage tree = memory.usage(200).orElseThrow();

    assertThat(tree.processes()).isEqualTo(1);
    assertThat(tree.rssBytes()).isEqualTo(1_000 * 1024L);
  }

  @Test
  void withoutSmapsRollupThereIsNoPssForTheTree() throws IOException {
    process(300, 1_000, 900, 5);
    process(301, 1_000, 900, 5);
    Files.delete(proc.resolve("301/smaps_rollup"));
    ProcessTreeMemory memory = new ProcessTreeMemory(proc, Map.of(300L, List.of(301L))::get);

    assertThat(memory.usage(300).orElseThrow().pssBytes()).isEmpty();
    assertThat(memory.usage(300).orElseThrow().anonPssBytes()).isEmpty();
  }

  @Test
  void aRootThatIsGoneHasNoUsage() {
    assertThat(new ProcessTreeMemory(proc, pid -> List.of()).usage(999)).isEmpty();
  }

  @Test
  void thisJvmOnThisHostHasMemoryAndOpenFiles() {
    ProcessTreeMemory.TreeUsage self =
        ProcessTreeMemory.host().usage(ProcessHandle.current().pid()).orElseThrow();

    assertThat(self.rssBytes()).isGreaterThan(10L << 20);
    assertThat(self.openFiles()).isGreaterThan(3);
    assertThat(self.pssBytes()).isPresent();
    assertThat(self.anonPssBytes().getAsLong())
        .isPositive()
        .isLessThan(self.pssBytes().getAsLong());
  }

  @Test
  void kilobyteLinesAreReadByTheirKey() {
    String status = "Name:\tjava\nVmPeak:\t 9000 kB\nVmRSS:\t  51200 kB\nThreads:\t40\n";

    assertThat(ProcessTreeMemory.kilobytes(status, "VmRSS:")).hasValue(51_200);
    assertThat(ProcessTreeMemory.kilobytes(status, "VmSwap:")).isEmpty();
  }

  /** A {@code /proc/<pid>} as Linux writes it, cut to what is read. */
  private void process(long pid, long rssKb, long pssKb, int openFiles) throws IOException {
    Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
    Files.writeString(
        dir.resolve("status"),
        "Name:\tnginx\nUmask:\t0022\nState:\tS (sleeping)\nPid:\t"
            + pid
            + "\nVmPeak:\t  123456 kB\nVmSize:\t  123000 kB\nVmHWM:\t   60000 kB\nVmRSS:\t   "
            + rssKb
            + " kB\nRssAnon:\t    8000 kB\nThreads:\t1\n");
    Files.writeString(
        dir.resolve("smaps_rollup"),
        "55d0c0a00000-7ffd5a1fe000 ---p 00000000 00:00 0                          [rollup]\n"
            + "Rss:               "
            + rssKb
            + " kB\nPss:               "
            + pssKb
            + " kB\nPss_Anon:           3000 kB\nShared_Clean:       1000 kB\n");
    Path fd = Files.createDirectories(dir.resolve("fd"));
    for (int i = 0; i < openFiles; i++) {
      Files.createFile(fd.resolve(Integer.toString(i)));
    }
  }
}
