package dev.anemometer.auction.data;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reports rows written against rows planned: a bar redrawn in place on a terminal, a plain line
 * every few seconds otherwise (logs of CI jobs and harness runs must not fill with {@code \r}).
 */
final class Progress implements AutoCloseable {

  private static final int BAR_WIDTH = 30;
  private static final long TERMINAL_PERIOD_MILLIS = 200;
  private static final long LOG_PERIOD_MILLIS = 5_000;

  private final PrintStream out;
  private final boolean terminal;
  private final long totalRows;
  private final LongAdder rowsWritten = new LongAdder();
  private final long startNanos = System.nanoTime();
  private final ScheduledExecutorService timer;

  Progress(PrintStream out, boolean terminal, long totalRows) {
    this.out = out;
    this.terminal = terminal;
    this.totalRows = Math.max(1, totalRows);
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "data-progress");
              thread.setDaemon(true);
              return thread;
            });
    long period = terminal ? TERMINAL_PERIOD_MILLIS : LOG_PERIOD_MILLIS;
    timer.scheduleAtFixedRate(this::report, period, period, TimeUnit.MILLISECONDS);
  }

  LongAdder rowsWritten() {
    return rowsWritten;
  }

  @Override
  public void close() {
    timer.shutdownNow();
    report();
    if (terminal) {
      out.println();
    }
    out.flush();
  }

  private synchronized void report() {
    long rows = rowsWritten.sum();
    double seconds = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
    int percent = (int) Math.min(100, rows * 100 / totalRows);
    String figures =
        String.format(
            Locale.ROOT,
            "%3d%% %,d/%,d rows, %,.0f rows/s, %.1f s",
            percent,
            rows,
            totalRows,
            rows / seconds,
            seconds);
    if (terminal) {
      int filled = percent * BAR_WIDTH / 100;
      out.print("\r[" + "#".repeat(filled) + " ".repeat(BAR_WIDTH - filled) + "] " + figures);
    } else {
      out.println("load: " + figures);
    }
    out.flush();
  }
}
