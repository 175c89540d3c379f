package dev.anemometer.harness.elasticity;

import java.util.List;
import java.util.Map;

/** The steps of a change or fault as a run's summary.json lists them, for end-to-end tests. */
public final class SummarySteps {

  private SummarySteps() {}

  /** The states of its steps, in order. */
  @SuppressWarnings("unchecked")
  public static List<String> states(Map<String, Object> change) {
    return ((List<Map<String, Object>>) change.get("steps"))
        .stream().map(s -> (String) s.get("state")).toList();
  }

  /** The load offset of its first step in {@code state}. */
  @SuppressWarnings("unchecked")
  public static long offset(Map<String, Object> change, String state) {
    return ((List<Map<String, Object>>) change.get("steps"))
        .stream()
            .filter(s -> state.equals(s.get("state")))
            .mapToLong(s -> ((Number) s.get("loadOffsetMillis")).longValue())
            .findFirst()
            .orElseThrow(() -> new AssertionError("no " + state + " step in " + change));
  }
}
