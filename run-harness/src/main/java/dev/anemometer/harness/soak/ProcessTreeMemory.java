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
 * shares such a page among them and adds up to what the tree really holds; its anonymous part is
 * what the processes allocated themselves (heaps, buffers, backend memory), where a leak grows,
 * without the shared buffers that fill up to their configured size or the mapped files.
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
    Optional<TreeUsage> root = read(rootPid);
    if (root.isEmpty()) {
      return root;
    }
    TreeUsage tree = root.get();
    for (long child : descendants.apply(rootPid)) {
      // A child that ended since the listing is left out: it holds nothing any more.
      Optional<TreeUsage> usage = read(child);
      if (usage.isPresent()) {
        tree = tree.plus(usage.get());
      }
    }
    return Optional.of(tree);
  }

  private Optional<TreeUsage> read(long pid) {
    Path dir = proc.resolve(Long.toString(pid));
    try {
      OptionalLong rss = kilobytes(Files.readString(dir.resolve("status")), "VmRSS:");
      if (rss.isEmpty()) {
        // A zombie has a status without VmRSS: nothing left to count.
        return Optional.empty();
      }
      String rollup = rollup(dir);
      return Optional.of(
          new TreeUsage(
              1,
              rss.getAsLong() * 1024,
              bytes(kilobytes(rollup, "Pss:")),
              bytes(kilobytes(rollup, "Pss_Anon:")),
              openFiles(dir)));
    } catch (IOException | RuntimeException ended) {
      return Optional.empty();
    }
  }

  /** {@code smaps_rollup} (Linux 4.14; {@code Pss_Anon} 5.7); empty where the kernel has none. */
  private static String rollup(Path dir) {
    try {
      return Files.readString(dir.resolve("smaps_rollup"));
    } catch (IOException | RuntimeException unavailable) {
      return "";
    }
  }

  private static long openFiles(Path dir) throws IOException {
    try (Stream<Path> fds = Files.list(dir.resolve("fd"))) {
      return fds.count();
    }
  }

  private static OptionalLong bytes(OptionalLong kilobytes) {
    return kilobytes.isEmpty() ? kilobytes : OptionalLong.of(kilobytes.getAsLong() * 1024);
  }

  /**
   * The kilobytes of the line starting with {@code key} in a {@code /proc} status-like text ({@code
   * VmRSS: 51200 kB}).
   */
  static OptionalLong kilobytes(String text, String key) {
    for (String line : text.split("\n")) {
      if (line.startsWith(key)) {
        String[] fields = line.substring(key.length()).trim().split("\\s+");
        if (fields.length > 1 && !fields[1].equals("kB")) {
          throw new IllegalArgumentException("not a size in kB: " + line);
        }
        return OptionalLong.of(Long.parseLong(fields[0]));
      }
    }
    return OptionalLong.empty();
  }

  /**
   * One tree's figures.
   *
   * @param pssBytes empty when a process of the tree has no {@code smaps_rollup}
   * @param anonPssBytes the anonymous part of the PSS; empty likewise, or on kernels before 5.7
   */
  record TreeUsage(
      int processes,
      long rssBytes,
      OptionalLong pssBytes,
      OptionalLong anonPssBytes,
      long openFiles) {

    TreeUsage plus(TreeUsage other) {
      return new TreeUsage(
          processes + other.processes,
          rssBytes + other.rssBytes,
          sum(pssBytes, other.pssBytes),
          sum(anonPssBytes, other.anonPssBytes),
          openFiles + other.openFiles);
    }

    /** A figure one process lacks is unknown for the tree: a partial sum would look like a drop. */
    private static OptionalLong sum(OptionalLong a, OptionalLong b) {
      return a.isPresent() && b.isPresent()
          ? OptionalLong.of(a.getAsLong() + b.getAsLong())
          : OptionalLong.empty();
    }
  }
}
