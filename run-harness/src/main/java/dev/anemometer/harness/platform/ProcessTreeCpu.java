package dev.anemometer.harness.platform;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The CPU time of a process and of every process below it. Each live process counts its own time
 * and that of its children that already ended (the kernel adds those to the parent when it waits
 * for them), so every CPU second of the tree is counted once, even for short-lived workers.
 */
final class ProcessTreeCpu {

  /** Where the stat lines and the descendants of a process come from; tests feed sample text. */
  interface Proc {
    Optional<String> stat(long pid);

    List<Long> descendants(long pid);

    /** {@code /proc} and {@link ProcessHandle} of this host. */
    static Proc host() {
      return new Proc() {
        @Override
        public Optional<String> stat(long pid) {
          try {
            return Optional.of(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
          } catch (IOException | RuntimeException ended) {
            return Optional.empty();
          }
        }

        @Override
        public List<Long> descendants(long pid) {
          return ProcessHandle.of(pid).stream()
              .flatMap(ProcessHandle::descendants)
              .map(ProcessHandle::pid)
              .toList();
        }
      };
    }
  }

  private final Proc proc;

  ProcessTreeCpu(Proc proc) {
    this.proc = proc;
  }

  /** CPU nanoseconds of the tree under {@code rootPid}; empty when the root is gone. */
  OptionalLong cpuNanos(long rootPid) {
    Optional<String> root = proc.stat(rootPid);
    if (root.isEmpty()) {
      return OptionalLong.empty();
    }
    long ticks = ProcStat.parse(root.get()).totalTicks();
    for (long child : proc.descendants(rootPid)) {
      // A child that ended since the listing is skipped: its parent has it from the next sample.
      ticks += proc.stat(child).map(line -> ProcStat.parse(line).totalTicks()).orElse(0L);
    }
    return OptionalLong.of(ticks * (1_000_000_000L / ProcStat.TICKS_PER_SECOND));
  }
}
