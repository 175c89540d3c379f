package dev.anemometer.harness.deploy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A tier process or container that ended when nothing planned its end: which one and how.
 *
 * @param process the process's or container's name ({@code run-1-app-0}, {@code
 *     anemometer-run-0_app_1})
 * @param identity what tells it apart, in the order it is printed: its pid, or its service and
 *     container ID
 * @param exitCode its exit status as the JDK or the container engine reports it: 128 + the signal
 *     for one a signal ended
 */
public record TierExit(String process, Map<String, Object> identity, int exitCode) {

  private static final String[] SIGNALS = {
    "", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE",
    "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"
  };

  /** A tier process of this host. */
  public TierExit(String process, long pid, int exitCode) {
    this(process, Map.of("pid", pid), exitCode);
  }

  /** A container of a run's Compose project. */
  public static TierExit ofContainer(
      String name, String service, String containerId, int exitCode) {
    Map<String, Object> identity = new LinkedHashMap<>();
    identity.put("service", service);
    identity.put("container", containerId);
    return new TierExit(name, Collections.unmodifiableMap(identity), exitCode);
  }

  /** {@code killed by SIGKILL (exit code 137)} or {@code exited with code 1}. */
  public String how() {
    int signal = exitCode - 128;
    if (signal > 0 && signal < 64) {
      String name = signal < SIGNALS.length ? SIGNALS[signal] : "signal " + signal;
      return "killed by " + name + " (exit code " + exitCode + ")";
    }
    return "exited with code " + exitCode;
  }

  /** What tells it apart, its exit code and how it ended: the fields of its event. */
  public Map<String, Object> withHow() {
    Map<String, Object> fields = new LinkedHashMap<>(identity);
    fields.put("exitCode", exitCode);
    fields.put("how", how());
    return fields;
  }

  /** One line for the console and the summary. */
  public String describe() {
    String tellsApart =
        identity.entrySet().stream()
            .map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", "));
    return process + " (" + tellsApart + ") ended unexpectedly: " + how();
  }
}
