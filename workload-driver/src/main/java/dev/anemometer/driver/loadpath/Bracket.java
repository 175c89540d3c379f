package dev.anemometer.driver.loadpath;

/**
 * Where a findMax answer lies: the highest user count a full probe held, and the lowest above it at
 * which one failed (null when none did: the search reached its ceiling, or it ended invalid before
 * a probe failed). The peak is the highest pass; the truth lies between the two.
 */
public record Bracket(int highestPass, Integer lowestFail) {

  /** The bracket's width in percent of its lower end; null without an upper end. */
  public Double widthPercent() {
    if (lowestFail == null || highestPass == 0) {
      return null;
    }
    return 100.0 * (lowestFail - highestPass) / highestPass;
  }
}
