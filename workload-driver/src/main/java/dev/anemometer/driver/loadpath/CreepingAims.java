package dev.anemometer.driver.loadpath;

/**
 * The least move up from a pass while the probes' aims keep falling short: twice the last one after
 * each pass that the least move placed and that read the machine more than {@value
 * #SHORT_BY_POINTS} points under the aimed share, up to {@value #MAX_DOUBLINGS} doublings, and
 * never past where that pass's own busy share, carried up along a line through the origin, fills
 * the machine.
 *
 * <p>The aim's line through the origin takes every user to cost what the average user costs; where
 * the stack has much work that does not grow with its users, the busy share barely moves with the
 * load, the aims fall within the precision of the pass, and the probes creep to the edge in moves
 * of the precision (session 44, run 2: 1,963, 2,000, 2,049 and 2,100 users read 89.3, 95.2, 89.6
 * and 86.7 % busy, where the same machine's run before peaked at 2,578). A line through the origin
 * overstates what added users cost, so the users at which it fills the machine are still short of
 * where the machine fills: a move that doubles stops there.
 */
final class CreepingAims {

  /** A pass reading this many points or more under the aimed share fell short of it. */
  static final double SHORT_BY_POINTS = 2;

  /** The least move grows to at most 2^this times the precision. */
  static final int MAX_DOUBLINGS = 3;

  private int shortPasses;
  private boolean placedByLeastMove;
  private double lastBusyPercent = Double.NaN;

  /**
   * Notes the verdict of a probe: whether it held and the machine's busy share in its window (NaN:
   * unknown). A probe that failed, one that another rule placed, or one near the aimed share ends
   * the run of short aims.
   */
  void judged(boolean held, double busyPercent, double aimedBusyPercent) {
    boolean fellShort =
        held && placedByLeastMove && busyPercent < aimedBusyPercent - SHORT_BY_POINTS;
    shortPasses = fellShort ? shortPasses + 1 : 0;
    lastBusyPercent = held ? busyPercent : Double.NaN;
    placedByLeastMove = false;
  }

  /** Notes that the least move placed the next probe. */
  void placedByLeastMove() {
    placedByLeastMove = true;
  }

  /**
   * The least move up from a pass at {@code users} whose precision's move is {@code precisionMove}.
   */
  int leastMove(int users, int precisionMove) {
    if (shortPasses == 0 || !(lastBusyPercent > 0)) {
      return precisionMove;
    }
    int doubled = precisionMove << Math.min(MAX_DOUBLINGS, shortPasses);
    int toAFullMachine = (int) Math.floor(users * 100 / lastBusyPercent) - users;
    return Math.max(precisionMove, Math.min(doubled, toAFullMachine));
  }
}
