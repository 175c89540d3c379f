package dev.anemometer.harness.console;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a person watching the run sees: the phase with the time since start, live status lines,
 * notices, and a summary table at the end. Thread-safe: data progress and driver status come from
 * other threads.
 */
public final class Console {

  private final PrintStream out;
  private final long startNanos;
  private final boolean verbose;

  public Console(PrintStream out, boolean verbose) {
    this.out = out;
    this.verbose = verbose;
    this.startNanos = System.nanoTime();
  }

  public boolean verbose() {
    return verbose;
  }

  public Duration elapsed() {
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  public synchronized void phase(String phase) {
    out.printf("[%s] ==> %s%n", clock(elapsed()), phase);
    out.flush();
  }

  /** A phase with a known length: shows how much of it is left. */
  public synchronized void phase(String phase, Duration length) {
    out.printf("[%s] ==> %s (%s)%n", clock(elapsed()), phase, clock(length));
    out.flush();
  }

  public synchronized void info(String line) {
    out.println("           " + line);
    out.flush();
  }

  public synchronized void notice(String line) {
    out.println("         ! " + line);
    out.flush();
  }

  /** A line from a tool the harness runs (data loader progress), indented under its phase. */
  public synchronized void tool(String source, String line) {
    out.println("           " + source + " | " + line);
    out.flush();
  }

  public synchronized void debug(String line) {
    if (verbose) {
      out.println("           (debug) " + line);
      out.flush();
    }
  }

  /** One live status line: elapsed and remaining time of the phase, then what the caller says. */
  public synchronized void status(Duration phaseElapsed, Duration phaseLength, String status) {
    Duration remaining = phaseLength.minus(phaseElapsed);
    out.printf(
        "[%s]     %s elapsed, %s left | %s%n",
        clock(elapsed()),
        clock(phaseElapsed),
        clock(remaining.isNegative() ? Duration.ZERO : remaining),
        status);
    out.flush();
  }

  public synchronized void table(List<String> header, List<List<String>> rows) {
    List<Integer> widths = new ArrayList<>();
    for (int c = 0; c < header.size(); c++) {
      int width = header.get(c).length();
      for (List<String> row : rows) {
        width = Math.max(width, row.get(c).length());
      }
      widths.add(width);
    }
    printRow(header, widths);
    List<String> rule = new ArrayList<>();
    widths.forEach(width -> rule.add("-".repeat(width)));
    printRow(rule, widths);
    rows.forEach(row -> printRow(row, widths));
    out.flush();
  }

  private void printRow(List<String> cells, List<Integer> widths) {
    StringBuilder line = new StringBuilder("  ");
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      boolean numeric = !cell.isEmpty() && Character.isDigit(cell.charAt(0));
      String format = "%" + (numeric ? "" : "-") + widths.get(c) + "s";
      line.append(String.format(format, cell)).append(c + 1 < cells.size() ? "  " : "");
    }
    out.println(line.toString().stripTrailing());
  }

  static String clock(Duration duration) {
    long seconds = duration.toSeconds();
    return seconds >= 3600
        ? String.format("%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
        : String.format("%02d:%02d", seconds / 60, seconds % 60);
  }
}
