package dev.anemometer.driver.loadpath.simulation;

import java.util.List;

/**
 * What moves a simulated stack's speed during a search, besides its load, and how close to its
 * saturation it keeps its latency. Every share is of the stack's nominal pace (1.0).
 *
 * @param name how the table names it
 * @param tickSigma the spread of the pace from one second to the next (log-normal)
 * @param windowSigma the spread of the pace from one minute to the next (log-normal), held for a
 *     minute: the scatter of one window's verdict at the same users
 * @param driftShare the amplitude of a slow swing of the pace over {@code driftPeriodSeconds}, its
 *     phase random per search: a shared machine's pace that moves during a run
 * @param driftPeriodSeconds the period of that swing
 * @param coldShare the share of the pace a cold stack (no JIT, empty caches) lacks at its start
 * @param coldSeconds how fast the cold start fades (time constant)
 * @param aftermathShare the share of the pace an overload leaves lost (full pools, a GC backlog)
 * @param aftermathSeconds how fast that loss fades once the backlog drained (time constant)
 * @param retryShare extra load while a backlog stands: failed users start over with a login
 * @param stallChance the chance that a judged window has the driver stall (its latencies inflated,
 *     the window invalid)
 * @param busySigmaPoints the scatter of a window's machine busy share, in points
 * @param arrivalUserSeconds the work a user's arrival brings beyond its steady load (its login, its
 *     first joins), in seconds of one user's steady load, spread over {@link
 *     StackModel#ARRIVAL_SECONDS}: a climb's steps, whose users arrive in their window, then fail
 *     below the capacity
 * @param serviceSeconds an operation's mean service time on an idle stack: the shorter, the closer
 *     to saturation (100 % busy) the 99th percentile stays within its limit. At 20 ms it reaches
 *     the 2 s limit at 95 % busy, at 5 ms at 99 %: two platforms that differ in how they queue near
 *     saturation (a scheduler, CPU pinning, a container runtime)
 */
record NoiseModel(
    String name,
    double tickSigma,
    double windowSigma,
    double driftShare,
    double driftPeriodSeconds,
    double coldShare,
    double coldSeconds,
    double aftermathShare,
    double aftermathSeconds,
    double retryShare,
    double stallChance,
    double busySigmaPoints,
    double arrivalUserSeconds,
    double serviceSeconds) {

  /** The service time of every model but the sharp knee's. */
  static final double SERVICE_SECONDS = 0.02;

  static final NoiseModel STEADY =
      new NoiseModel("steady", 0.01, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, SERVICE_SECONDS);

  static final NoiseModel WINDOW_NOISE =
      new NoiseModel("window noise", 0.03, 0.03, 0, 1, 0, 1, 0, 1, 0, 0, 3, 0, SERVICE_SECONDS);

  static final NoiseModel DRIFT =
      new NoiseModel(
          "pace drift", 0.02, 0.015, 0.03, 2400, 0, 1, 0, 1, 0, 0, 2, 0, SERVICE_SECONDS);

  static final NoiseModel COLD_START =
      new NoiseModel("cold start", 0.02, 0.015, 0, 1, 0.4, 120, 0, 1, 0, 0, 2, 0, SERVICE_SECONDS);

  static final NoiseModel AFTERMATH =
      new NoiseModel(
          "aftermath", 0.02, 0.015, 0, 1, 0, 1, 0.15, 120, 0.1, 0, 2, 0, SERVICE_SECONDS);

  static final NoiseModel EVERYTHING =
      new NoiseModel(
          "all + stalls",
          0.03,
          0.03,
          0.03,
          2400,
          0.4,
          120,
          0.15,
          120,
          0.1,
          0.03,
          3,
          0,
          SERVICE_SECONDS);

  /**
   * A quiet stack whose latency holds to 99 % busy: where a platform that queues better near
   * saturation shows, and a rule on the machine's idle share cannot see it.
   */
  static final NoiseModel SHARP_KNEE =
      new NoiseModel("sharp knee", 0.01, 0.01, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0.005);

  /**
   * Window noise on a stack whose users cost 20 s of their steady load when they arrive: a step
   * that brings 500 users in over 30 s carries some 300 more users' work than it holds.
   */
  static final NoiseModel ARRIVALS =
      new NoiseModel("arrivals", 0.03, 0.03, 0, 1, 0, 1, 0, 1, 0, 0, 3, 20, SERVICE_SECONDS);

  /**
   * Arrivals on a stack that an overload leaves 15 % slower for minutes (a time constant of 8
   * minutes: JIT deoptimisations, caches refilled, a database's dead rows): a drain that finds its
   * latency back within the limits at 70 % of the load does not see it, and each probe that fails
   * above the slowed stack's capacity slows it again.
   */
  static final NoiseModel LINGERING =
      new NoiseModel(
          "lingering", 0.02, 0.015, 0, 1, 0, 1, 0.15, 480, 0.1, 0, 2, 20, SERVICE_SECONDS);

  static List<NoiseModel> all() {
    return List.of(
        STEADY,
        WINDOW_NOISE,
        DRIFT,
        COLD_START,
        AFTERMATH,
        EVERYTHING,
        SHARP_KNEE,
        ARRIVALS,
        LINGERING);
  }

  /** The same stack warm, at its mean pace, with nothing overloaded and a driver that keeps up. */
  NoiseModel steadyState() {
    return new NoiseModel(
        name,
        tickSigma,
        windowSigma,
        0,
        1,
        0,
        1,
        aftermathShare,
        aftermathSeconds,
        0,
        0,
        0,
        0,
        serviceSeconds);
  }
}
