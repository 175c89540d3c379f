package dev.anemometer.harness.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongFunction;
import java.util.stream.Stream;

/**
 * Memory and open files of a tier process and every process below it (nginx workers, PostgreSQL
 * backends), from {@code /proc}. RSS counts a page shared by several processes once in each of
 * them, so the backends of PostgreSQL that touched its shared buffers count them many times; PSS
 * shares such a page among them and adds up to what the tree really holds.
 */
final class ProcessTreeMemory {

  private final Path proc;
  private final LongFunction<List<Long>> descendants;

  /**
   * @param proc where the per-process folders are ({@code /proc}; tests give a folder of sample
   *     files)
   * @param descendants the processes below a pid
   */
  ProcessTreeMemory(Path proc, LongFunction<List<Long>> descendants) {
    this.proc = proc;
    this.descendants = descendants;
  }

  /** This host's {@code /proc} and process tree. */
  static ProcessTreeMemory host() {
    return new ProcessTreeMemory(
        Path.of("/proc"),
        pid ->
            ProcessHandle.of(pid).stream()
                .flatMap(ProcessHandle::descendants)
                .map(ProcessHandle::pid)
                .toList());
  }

  /** The tree under {@code rootPid}; empty when the root is gone. */
  Optional<TreeUsage> usage(long rootPid) {
    Optional<Usage> root = read(rootPid);
    if (root.isEmpty()) {
      return Optional.empty();
    }
    int processes = 1;
    long rss = root.get().rssBytes();
    long pss = root.get().pssBytes().orElse(-1);
    long files = root.get().openFiles();
    for (long child : descendants.apply(rootPid)) {
      // A child that ended since the listing is left out: it holds nothing any more.
      Optional<Usage> usage = read(child);
      if (usage.isPresent()) {
        processes++;
        rss += usage.get().rssBytes();
        pss =
            pss < 0 || usage.get().pssBytes().isEmpty()
                ? -1
                : pss + usage.get().pssBytes().getAsLong();
        files += usage.get().openFiles();
      }
    }
    return Optional.of(
        new TreeUsage(
            processes, rss, pss < 0 ? OptionalLong.empty() : OptionalLong.of(pss), files));
  }

  private Optional<Usage> read(long pid) {
    Path dir = proc.resolve(Long.toString(pid));
    try {
      OptionalLong rss = kilobytes(Files.readString(dir.resolve("status")), "VmRSS:");
      if (rss.isEmpty()) {
        // A zombie has a status without VmRSS: nothing left to count.
        return Optional.empty();
      }
      return Optional.of(new Usage(rss.getAsLong() * 1024, pss(dir), openFiles(dir)));
    } catch (IOException | RuntimeException ended) {
      return Optional.empty();
    }
  }

  /** {@code smaps_rollup} (Linux 4.14 and later); absent where the kernel has none. */
  private static OptionalLong pss(Path dir) {
    try {
      OptionalLong kb = kilobytes(Files.readString(dir.resolve("smaps_rollup")), "Pss:");
      return kb.isEmpty() ? kb : OptionalLong.of(kb.getAsLong() * 1024);
    } catch (IOException | RuntimeException unavailable) {
      return OptionalLong.empty();
    }
  }

  private static long openFiles(Path dir) throws IOException {
    try (Stream<Path> fds = Files.list(dir.resolve("fd"))) {
      return fds.count();
    }
  }

  /**
   * The kilobytes of the line starting with {@code key} in a {@code /proc} status-like text ({@code
   * VmRSS: 51200 kB}).
   */
  static OptionalLong kilobytes(String text, String key) {
    for (String line : text.split("\n")) {
      if (line.startsWith(key)) {
        String[] fields = line.substring(key.length()).trim().split("\\s+");
        if (fields.length == 0 || fields.length > 1 && !fields[1].equals("kB")) {
          throw new IllegalArgumentException("not a size in kB: " + line);
        }
        return OptionalLong.of(Long.parseLong(fields[0]));
      }
    }
    return OptionalLong.empty();
  }

  private record Usage(long rssBytes, OptionalLong pssBytes, long openFiles) {}

  /**
   * One tree's figures.
   *
   * @param pssBytes empty when a process of the tree has no {@code smaps_rollup}
   */
  record TreeUsage(int processes, long rssBytes, OptionalLong pssBytes, long openFiles) {}
}
