package dev.anemometer.harness.results;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * Where a findMax search left the peak: the highest user count that passed and the lowest that
 * failed; the platform's peak lies between them. The gap is the search's own uncertainty, beside
 * the one between runs that a repeat set's confidence interval measures.
 *
 * @param lowestFail null when no probe failed: the search stopped at its ceiling
 */
public record Bracket(int highestPass, Integer lowestFail) {

  /**
   * A bracket as the driver's summary.json and the harness's write it ({@code {"highestPass": …,
   * "lowestFail": …}}); null when the node holds none, as a summary from before brackets.
   */
  public static Bracket read(JsonNode node) {
    if (node == null || !node.path("highestPass").isNumber()) {
      return null;
    }
    JsonNode fail = node.path("lowestFail");
    return new Bracket(node.path("highestPass").asInt(), fail.isNumber() ? fail.asInt() : null);
  }

  /**
   * The bracket of a sum of peaks (several app instances): each peak lies in its own bracket, so
   * their sum lies between the sums. No lowest fail if any part has none; null if any part is
   * missing or there is none.
   */
  public static Bracket total(List<Bracket> parts) {
    if (parts.isEmpty() || parts.stream().anyMatch(Objects::isNull)) {
      return null;
    }
    int highestPass = parts.stream().mapToInt(Bracket::highestPass).sum();
    boolean everyFailed = parts.stream().allMatch(part -> part.lowestFail() != null);
    Integer lowestFail = everyFailed ? parts.stream().mapToInt(Bracket::lowestFail).sum() : null;
    return new Bracket(highestPass, lowestFail);
  }

  /** "1790 pass, 1850 fail", or "1790 pass, none failed" at the ceiling. */
  public String describe() {
    return highestPass + " pass, " + (lowestFail == null ? "none failed" : lowestFail + " fail");
  }
}
