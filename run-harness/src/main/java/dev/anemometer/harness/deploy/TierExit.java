package dev.anemometer.harness.deploy;

/**
 * A tier process that ended when nothing planned its end: which one and how.
 *
 * @param process the process's name ({@code run-1-app-0}, {@code run-1-postgres})
 * @param pid its pid
 * @param exitCode its exit status as the JDK reports it: 128 + the signal for a process a signal
 *     ended
 */
public record TierExit(String process, long pid, int exitCode) {

  private static final String[] SIGNALS = {
    "", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE",
    "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"
  };

  /** {@code killed by SIGKILL} or {@code exited with code 1}. */
  public String how() {
    int signal = exitCode - 128;
    if (signal > 0 && signal < 64) {
      String name = signal < SIGNALS.length ? SIGNALS[signal] : "signal " + signal;
      return "killed by " + name;
    }
    return "exited with code " + exitCode;
  }

  /** One line for the console and the summary. */
  public String describe() {
    return process + " (pid " + pid + ") ended unexpectedly: " + how();
  }
}
