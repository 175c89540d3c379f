package dev.anemometer.driver.qos;

import java.util.OptionalDouble;

/**
 * The machine's busy share per user over a search's probe windows: a least-squares line through the
 * origin. One window's CPU share swings by a few percent from the next at the same users (session
 * 35: 444-478 µs of CPU per user-second between 3,850 and 4,303 users), enough to move where a
 * window first leaves less than the headroom idle by hundreds of users: two runs found 3,850 and
 * 4,099 judged window by window. The share per user over every probe swings far less: the same two
 * runs' probes put 95 % busy at 4,085 and 4,111 users. Through the origin, because the probes sit
 * within a few tens of percent of each other: a free intercept rests on a slope measured over that
 * narrow span, and put the same point at 4,028 and 4,166.
 */
public final class BusyFit {

  private int windows;
  private double sumUsersSquared;
  private double sumUsersBusy;

  /** Notes a window at {@code users} that kept the machine {@code busyPercent} busy. */
  public void add(int users, double busyPercent) {
    if (users <= 0) {
      return;
    }
    windows++;
    sumUsersSquared += (double) users * users;
    sumUsersBusy += users * busyPercent;
  }

  /** How many windows the line rests on. */
  public int windows() {
    return windows;
  }

  /** The busy share the line puts at {@code users}; empty until two windows exist. */
  public OptionalDouble busyPercentAt(int users) {
    if (windows < 2) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(users * sumUsersBusy / sumUsersSquared);
  }
}
