package dev.anemometer.driver.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * CPU time per thread of this process, JIT and GC threads included, read from {@code
 * /proc/self/task}: shows where the CPU outside the event loop goes. Empty where there is no /proc.
 */
final class ThreadCpuBreakdown {

  private static final Path TASKS = Path.of("/proc/self/task");
  private static final long CLOCK_TICKS_PER_SECOND = 100;

  private final Map<String, Long> ticksByThread;
  private final Map<String, Long> userTicksByThread;

  private ThreadCpuBreakdown(Map<String, Long> ticksByThread, Map<String, Long> userTicksByThread) {
    this.ticksByThread = ticksByThread;
    this.userTicksByThread = userTicksByThread;
  }

  static ThreadCpuBreakdown now() {
    Map<String, Long> ticks = new HashMap<>();
    Map<String, Long> userTicks = new HashMap<>();
    if (!Files.isDirectory(TASKS)) {
      return new ThreadCpuBreakdown(ticks, userTicks);
    }
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        readTask(task, ticks, userTicks);
      }
    } catch (IOException unreadable) {
      ticks.clear();
    }
    return new ThreadCpuBreakdown(ticks, userTicks);
  }

  /**
   * The busiest threads since {@code start} with their CPU seconds and, in brackets, the user-mode
   * part of it, e.g. {@code anemometer-http#12=9.80s(user 3.10s) C2_CompilerThre#7=0.05s(...)}.
   */
  String topSince(ThreadCpuBreakdown start, int limit) {
    return ticksByThread.entrySet().stream()
        .map(
            e ->
                Map.entry(
                    e.getKey(), e.getValue() - start.ticksByThread.getOrDefault(e.getKey(), 0L)))
        .filter(e -> e.getValue() > 0)
        .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
        .limit(limit)
        .map(
            e ->
                e.getKey()
                    + "="
                    + seconds(e.getValue())
                    + "(user "
                    + seconds(userSince(start, e.getKey()))
                    + ")")
        .collect(Collectors.joining(" "));
  }

  private long userSince(ThreadCpuBreakdown start, String thread) {
    return userTicksByThread.getOrDefault(thread, 0L)
        - start.userTicksByThread.getOrDefault(thread, 0L);
  }

  private static String seconds(long ticks) {
    return String.format(java.util.Locale.ROOT, "%.2fs", (double) ticks / CLOCK_TICKS_PER_SECOND);
  }

  private static void readTask(Path task, Map<String, Long> ticks, Map<String, Long> userTicks) {
    try {
      String stat = Files.readString(task.resolve("stat"));
      int open = stat.indexOf('(');
      int close = stat.lastIndexOf(')');
      String name = stat.substring(open + 1, close).replace(' ', '_') + "#" + task.getFileName();
      String[] fields = stat.substring(close + 2).split(" ");
      // After the name: state is field 0, utime field 11, stime field 12 (proc(5) fields 14, 15).
      long user = Long.parseLong(fields[11]);
      ticks.put(name, user + Long.parseLong(fields[12]));
      userTicks.put(name, user);
    } catch (IOException | RuntimeException threadGone) {
      // The thread ended while being read: it no longer matters.
    }
  }
}
