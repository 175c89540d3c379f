package dev.anemometer.driver.qos;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The machine's busy share per user over a search's probe windows near a user count: a
 * least-squares line through the origin over the windows within {@value #NEAR_PERCENT} % of it.
 *
 * <p>One window's CPU share swings by a few percent from the next at the same users (session 35:
 * 444-478 µs of CPU per user-second between 3,850 and 4,303 users), enough to move where a window
 * first leaves less than the headroom idle by hundreds of users: two runs found 3,850 and 4,099
 * judged window by window, where the share per user over their probes put 95 % busy at 4,085 and
 * 4,111. Near, because the share per user is not the same far below: the stack has work that does
 * not grow with its users, so a probe at 2,325 users took 2.9 % of the machine per 100 users where
 * one at 3,226 took 2.7 %, and a line through both put a probe at 3,546 at 97.4 % busy where it
 * measured 92.9 %. Through the origin, because over so narrow a span a free slope is loose.
 */
public final class BusyFit {

  /** Windows this close to the judged count, in percent of it, make its line. */
  static final double NEAR_PERCENT = 10;

  private record Point(int users, double busyPercent) {}

  private final List<Point> points;

  public BusyFit() {
    this(List.of());
  }

  private BusyFit(List<Point> points) {
    this.points = new ArrayList<>(points);
  }

  /** Notes a window at {@code users} that kept the machine {@code busyPercent} busy. */
  public void add(int users, double busyPercent) {
    if (users > 0) {
      points.add(new Point(users, busyPercent));
    }
  }

  /**
   * This fit with one more window, this one unchanged: a window is judged on the line through its
   * own share before it counts towards the next.
   */
  public BusyFit with(int users, double busyPercent) {
    BusyFit more = new BusyFit(points);
    more.add(users, busyPercent);
    return more;
  }

  /** A copy of this fit, for a reader that must not change it. */
  public BusyFit copy() {
    return new BusyFit(points);
  }

  /** How many windows lie near {@code users}. */
  public int windowsNear(int users) {
    return near(users).size();
  }

  /** The busy share the line puts at {@code users}; empty while fewer than two windows are near. */
  public OptionalDouble busyPercentAt(int users) {
    return busyPercentAt(users, 2);
  }

  /**
   * The busy share the line puts at {@code users}; empty while fewer than {@code leastWindows}
   * windows are near. One window is enough to aim by, not to judge by.
   */
  public OptionalDouble busyPercentAt(int users, int leastWindows) {
    List<Point> near = near(users);
    if (near.size() < Math.max(1, leastWindows)) {
      return OptionalDouble.empty();
    }
    double usersSquared = 0;
    double usersBusy = 0;
    for (Point point : near) {
      usersSquared += (double) point.users() * point.users();
      usersBusy += point.users() * point.busyPercent();
    }
    return OptionalDouble.of(users * usersBusy / usersSquared);
  }

  private List<Point> near(int users) {
    double reach = users * NEAR_PERCENT / 100;
    return points.stream().filter(point -> Math.abs(point.users() - users) <= reach).toList();
  }
}
