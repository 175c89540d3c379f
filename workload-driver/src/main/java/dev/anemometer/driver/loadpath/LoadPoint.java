package dev.anemometer.driver.loadpath;

/**
 * Where a load path stands at one moment.
 *
 * @param users how many users should be active
 * @param phase what this moment is for
 * @param windowIndex index of the judged window this moment belongs to, or -1 when not judged
 * @param finished true once the path has nothing more to run
 */
public record LoadPoint(int users, LoadPhase phase, int windowIndex, boolean finished) {

  public static final int NOT_JUDGED = -1;

  static LoadPoint done() {
    return new LoadPoint(0, LoadPhase.DONE, NOT_JUDGED, true);
  }

  static LoadPoint unjudged(int users, LoadPhase phase) {
    return new LoadPoint(users, phase, NOT_JUDGED, false);
  }

  public boolean judged() {
    return windowIndex >= 0;
  }
}
