package dev.anemometer.driver.loadpath;

import java.util.OptionalInt;

/**
 * The windows run at one user count until they decide it: a window outside the marginal band
 * decides at once; one inside it runs again, and the first verdict that two windows share decides.
 * Passing and failing windows are treated alike, so the rule adds no bias of its own.
 */
final class Votes {

  private int passes;
  private int fails;

  /**
   * Adds a window's verdict; returns +1 (held) or -1 (failed) once decided, and starts over, or
   * empty while another window is needed.
   */
  OptionalInt add(boolean passed, boolean marginal) {
    if (passed) {
      passes++;
    } else {
      fails++;
    }
    boolean undecided = (passes + fails == 1 && marginal) || (passes == 1 && fails == 1);
    if (undecided) {
      return OptionalInt.empty();
    }
    int decision = passes > fails ? 1 : -1;
    passes = 0;
    fails = 0;
    return OptionalInt.of(decision);
  }
}
