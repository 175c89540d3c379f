package dev.anemometer.harness.platform;

/**
 * One line of {@code /proc/<pid>/stat}: the CPU a process used, in clock ticks (USER_HZ, 100 per
 * second on every Linux the project runs on).
 *
 * @param ownTicks user + system time of the process itself (fields 14 and 15)
 * @param reapedChildrenTicks user + system time of its children that ended and were waited for,
 *     theirs included (fields 16 and 17): nginx workers or PostgreSQL backends that came and went
 */
record ProcStat(long pid, String command, long ownTicks, long reapedChildrenTicks) {

  /** Linux's USER_HZ; {@code sysconf(_SC_CLK_TCK)} is not reachable from Java without a process. */
  static final long TICKS_PER_SECOND = 100;

  long totalTicks() {
    return ownTicks + reapedChildrenTicks;
  }

  /**
   * Parses the line. The command (field 2) is in parentheses and may itself hold spaces and
   * parentheses, so the numeric fields are counted from the last closing parenthesis.
   */
  static ProcStat parse(String line) {
    int open = line.indexOf('(');
    int close = line.lastIndexOf(')');
    if (open < 0 || close < open) {
      throw new IllegalArgumentException("not a /proc/<pid>/stat line: " + line);
    }
    long pid = Long.parseLong(line.substring(0, open).trim());
    String[] fields = line.substring(close + 1).trim().split("\\s+");
    // fields[0] is field 3 (state): field n is fields[n - 3].
    if (fields.length < 15) {
      throw new IllegalArgumentException("too few fields in /proc/" + pid + "/stat");
    }
    long utime = Long.parseLong(fields[11]);
    long stime = Long.parseLong(fields[12]);
    long cutime = Long.parseLong(fields[13]);
    long cstime = Long.parseLong(fields[14]);
    return new ProcStat(pid, line.substring(open + 1, close), utime + stime, cutime + cstime);
  }
}
