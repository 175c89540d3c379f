package dev.anemometer.harness.elasticity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures an elasticity study is read for, one line each, for the console and summary.json: per
 * scale-up the time from the request to the new server taking traffic, per scale-down the p99 while
 * it was under way beside the steady state's just before it, per fault its recovery time. Reads the
 * maps of {@link ElasticityResults}, so it works as well on a summary read back.
 */
public final class ElasticityHeadlines {

  private ElasticityHeadlines() {}

  public static List<String> lines(
      List<Map<String, Object>> changes, List<Map<String, Object>> faults) {
    List<String> lines = new ArrayList<>();
    for (Map<String, Object> change : changes) {
      String head =
          change.get("target")
              + " app "
              + change.get("from")
              + "→"
              + change.get("to")
              + " ("
              + change.get("trigger")
              + seen(change)
              + "): ";
      if (number(change.get("to")) > number(change.get("from"))) {
        lines.add(
            head
                + "request to traffic "
                + seconds(change.get("timeToTrafficMillis"))
                + ", "
                + change.get("failedOperations")
                + " failed");
      } else {
        lines.add(
            head
                + "p99 during change "
                + millis(change.get("p99MillisDuring"))
                + " vs steady "
                + millis(change.get("p99MillisSteady"))
                + ", drained and stopped in "
                + seconds(change.get("timeToTakeEffectMillis"))
                + ", "
                + change.get("failedOperations")
                + " failed");
      }
    }
    for (Map<String, Object> fault : faults) {
      String head =
          fault.get("target")
              + " "
              + fault.get("action")
              + " "
              + fault.get("tier")
              + " "
              + fault.get("instance");
      lines.add(
          !fault.containsKey("recovered")
              ? head + ": skipped"
              : fault.get("recoveryMillis") == null
                  ? head + ": not recovered"
                  : head
                      + ": recovered in "
                      + seconds(fault.get("recoveryMillis"))
                      + ", "
                      + fault.get("failedOperations")
                      + " failed"
                      + (fault.get("inFlightAtFault") instanceof Number n
                          ? " (" + n + " in flight on it)"
                          : ""));
    }
    return lines;
  }

  /** What a reactive policy saw when it asked for the change (its requested step's details). */
  private static String seen(Map<String, Object> change) {
    if (!(change.get("steps") instanceof List<?> steps)
        || steps.isEmpty()
        || !(steps.get(0) instanceof Map<?, ?> requested)) {
      return "";
    }
    String seen = "";
    if (requested.get("cpuCoresPerServer") instanceof Number cpu) {
      seen += String.format(Locale.ROOT, " at %.2f cores/server", cpu.doubleValue());
    }
    if (requested.get("p99Millis") instanceof Number p99) {
      seen += (seen.isEmpty() ? " at " : ", ") + millis(p99) + " p99";
    }
    return seen;
  }

  private static double number(Object value) {
    return value instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  private static String seconds(Object millis) {
    return millis instanceof Number n
        ? String.format(Locale.ROOT, "%.1f s", n.doubleValue() / 1_000)
        : "n/a";
  }

  private static String millis(Object millis) {
    return millis instanceof Number n
        ? String.format(Locale.ROOT, "%.0f ms", n.doubleValue())
        : "n/a";
  }
}
