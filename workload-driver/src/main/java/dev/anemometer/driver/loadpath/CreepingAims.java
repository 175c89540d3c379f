package dev.anemometer.driver.loadpath;

/**
 * The least move up from a pass while the probes' aims keep falling short: twice the precision's
 * move after a pass that the least move placed and that read the machine more than {@value
 * #SHORT_BY_POINTS} points under the aimed share.
 *
 * <p>The aim's line through the origin takes every user to cost what the average user costs; where
 * the stack has much work that does not grow with its users, the busy share barely moves with the
 * load, the aims fall within the precision of the pass, and the probes creep to the edge in moves
 * of the precision (session 44, set A, run 2: 1,963, 2,000, 2,049 and 2,100 users read 89.3, 95.2,
 * 89.6 and 86.7 % busy, and eight moves of 2.5 % took the search from 1,963 to 2,373).
 *
 * <p>Twice, not more: in session 44's set B a move that doubled after each such pass went from
 * 2,813 users to 2,953 (87.8 % busy), then to 3,245, where the response times gave out at 99.7 %
 * (the edge was about 3,000); the recovery and the probe between cost 3.5 minutes. Twice the
 * precision's move halves the probes of a creep and overshoots the edge by at most 5 %.
 */
final class CreepingAims {

  /** A pass reading this many points or more under the aimed share fell short of it. */
  static final double SHORT_BY_POINTS = 2;

  private boolean lastFellShort;
  private boolean placedByLeastMove;

  /**
   * Notes the verdict of a probe: whether it held and the machine's busy share in its window (NaN:
   * unknown). A probe that failed, one that another rule placed, or one near the aimed share did
   * not fall short.
   */
  void judged(boolean held, double busyPercent, double aimedBusyPercent) {
    lastFellShort = held && placedByLeastMove && busyPercent < aimedBusyPercent - SHORT_BY_POINTS;
    placedByLeastMove = false;
  }

  /** Notes that the least move placed the next probe. */
  void placedByLeastMove() {
    placedByLeastMove = true;
  }

  /** The least move up from a pass, given the precision's move there. */
  int leastMove(int precisionMove) {
    return lastFellShort ? 2 * precisionMove : precisionMove;
  }
}
