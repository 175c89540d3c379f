package dev.anemometer.driver.loadpath;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * Where a findMax answer lies: the highest user count a full probe held, and the lowest above it at
 * which one failed (null when none did: the search reached its ceiling, or it ended invalid before
 * a probe failed). The peak is the highest pass; the truth lies between the two. The gap is the
 * search's own uncertainty, beside the one between runs that a repeat set's interval measures.
 */
public record Bracket(int highestPass, Integer lowestFail) {

  /**
   * A bracket as summary files write it ({@code {"highestPass": …, "lowestFail": …}}); null when
   * the node holds none, as a summary from before brackets.
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

  /** The bracket's width in percent of its lower end; null without an upper end. */
  public Double widthPercent() {
    if (lowestFail == null || highestPass == 0) {
      return null;
    }
    return 100.0 * (lowestFail - highestPass) / highestPass;
  }
}
