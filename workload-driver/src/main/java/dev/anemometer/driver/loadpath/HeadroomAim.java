package dev.anemometer.driver.loadpath;

import dev.anemometer.driver.qos.BusyFit;
import dev.anemometer.driver.qos.Headroom;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Where the probes' own CPU puts the headroom's edge: the user count at which the machine's busy
 * share, extrapolated along a line through the origin from the probe windows near a count, leaves
 * {@value #AIM_MARGIN_PERCENT} point more idle than the headroom rule asks.
 *
 * <p>A search that walks up in moves that double lands wherever its moves happen to fall, anywhere
 * within the precision under the edge, and it costs one probe per move (session 35: 3-5 probes
 * after a climb that stopped early). A probe's busy share tells how far the edge is: at 85 % busy
 * with 5 % to keep, the users can grow by 94 / 85. The line through the origin overstates the work
 * of the added users (the stack has work that does not grow with them), so the aim falls short of
 * the edge rather than past it, and the next aim, from nearer, is closer still.
 *
 * <p>The windows are the ones the headroom rule judges by too, but for those that ran right after
 * an overload: the driver judges each probe window on the search's line ({@link
 * FindMaxSearch#busyFit()}), and a window in an overload's aftermath is judged on it, but does not
 * join it. Its share still aims: an aim from a share that reads high falls short of the edge.
 */
final class HeadroomAim {

  /** The aim leaves this many points of the machine idle beyond the rule's minimum. */
  static final double AIM_MARGIN_PERCENT = 1;

  /**
   * How much higher than it read, in percent, an aim up from a single window takes its busy share:
   * one window's share can lie well off the machine's (session 36: 74.6 % and 86.7 % busy at 1,500
   * users in two runs of one configuration; the aim from the lower one overshot to where the
   * response times failed, and the search bisected back). Two windows or more aim along their line.
   * An aim down, from a window without headroom, is taken as read: falling short there costs a
   * probe, not an overload.
   */
  static final double ONE_WINDOW_SCATTER_PERCENT = 5;

  /** An aim moves the users up by at most this share of them: the response times may give first. */
  static final double MAX_MOVE_PERCENT = 35;

  private final Headroom headroom;
  private final BusyFit fit = new BusyFit();
  private final BusyFit judgedFit = new BusyFit();

  HeadroomAim(Headroom headroom) {
    this.headroom = headroom;
  }

  /**
   * A copy of the line the headroom rule judges the next probe window on: the probe windows whose
   * response times and failures held, with their shares, but for those that ran right after an
   * overload.
   */
  BusyFit judgedFit() {
    return judgedFit.copy();
  }

  /**
   * Notes a probe window at {@code users} whose response times and failures held, with the
   * machine's busy share in it (NaN: unknown). {@code afterOverload}: the window before it failed
   * or left no headroom, and this one read its aftermath too (session 40: the first probe, 3,481
   * users right after a step without headroom, read 92.9 % busy, where 3,680 users read 90.6 % and
   * 85.8 % minutes later; fitted with it, a window at 3,740 that left 8.4 % idle failed its
   * headroom at 4.6 %).
   */
  void add(int users, double busyPercent, boolean afterOverload) {
    if (headroom.on() && busyPercent > 0 && busyPercent <= 100) {
      fit.add(users, busyPercent);
      if (!afterOverload) {
        judgedFit.add(users, busyPercent);
      }
    }
  }

  /**
   * The user count above a probe that held at {@code users} where the probes near it put the aimed
   * busy share, at most {@value #MAX_MOVE_PERCENT} % higher; empty with the rule off or no window
   * near.
   */
  OptionalInt above(int users) {
    return aim(users, ONE_WINDOW_SCATTER_PERCENT);
  }

  /**
   * Where one window of the climb puts the aimed share: its mean users (a ramping step's, or a held
   * repeat's users) times the aimed share over its busy share, taken as read. Empty with the rule
   * off or the share unknown.
   */
  OptionalInt fromWindow(double meanUsers, double busyPercent) {
    if (!headroom.on() || !(busyPercent > 0 && busyPercent <= 100) || meanUsers <= 0) {
      return OptionalInt.empty();
    }
    return OptionalInt.of((int) Math.floor(meanUsers * aimedBusyPercent() / busyPercent));
  }

  double aimedBusyPercent() {
    return 100 - headroom.minIdlePercent() - AIM_MARGIN_PERCENT;
  }

  /**
   * The busy share that the probe windows near {@code fromUsers} put at {@code users}, along a line
   * through the origin (which overstates what added users cost); empty with the rule off or no
   * window near.
   */
  OptionalDouble busyPercentFrom(int fromUsers, int users) {
    if (!headroom.on() || fromUsers <= 0) {
      return OptionalDouble.empty();
    }
    OptionalDouble near = fit.busyPercentAt(fromUsers, 1);
    if (near.isEmpty()) {
      return near;
    }
    return OptionalDouble.of(near.getAsDouble() * users / fromUsers);
  }

  /** Where the probes near {@code users}, one that failed on its headroom, put the aimed share. */
  OptionalInt below(int users) {
    return aim(users, 0);
  }

  private OptionalInt aim(int users, double oneWindowScatterPercent) {
    if (!headroom.on()) {
      return OptionalInt.empty();
    }
    OptionalDouble fitted = fit.busyPercentAt(users, 1);
    if (fitted.isEmpty() || fitted.getAsDouble() <= 0) {
      return OptionalInt.empty();
    }
    double busy = fitted.getAsDouble();
    if (fit.windowsNear(users) == 1) {
      busy *= 1 + oneWindowScatterPercent / 100;
    }
    double aimed = users * aimedBusyPercent() / busy;
    double highest = users * (1 + MAX_MOVE_PERCENT / 100);
    return OptionalInt.of((int) Math.floor(Math.min(aimed, highest)));
  }
}
