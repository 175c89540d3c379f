package dev.anemometer.driver.loadpath.simulation;

import java.util.List;

/**
 * The response-time and failure rules applied to the seconds of a window, as the driver applies
 * them to its merged histograms: the 99th percentile of every operation of the window, and the
 * share that took longer than the timeout and failed.
 */
final class WindowLatency {

  /** The response-time limit (SPEC §3.2: 2 s for most operations). */
  static final double LIMIT_SECONDS = 2;

  /** An operation slower than this fails. */
  static final double TIMEOUT_SECONDS = 10;

  /** The failure rule's limit. */
  static final double MAX_FAILED_SHARE = 0.005;

  private WindowLatency() {}

  /**
   * The worst rule's measured value over its limit: the p99 over the limit, or the failed share
   * over its limit, whichever is higher. Above 1 the window failed.
   */
  static double worstLimitShare(List<StackModel.Tick> ticks, double extraSeconds) {
    double p99 = percentile99(ticks, extraSeconds);
    double failed = tailShare(ticks, extraSeconds, TIMEOUT_SECONDS);
    return Math.max(p99 / LIMIT_SECONDS, failed / MAX_FAILED_SHARE);
  }

  /** The mean busy share of the ticks. */
  static double busyPercent(List<StackModel.Tick> ticks) {
    return ticks.stream().mapToDouble(StackModel.Tick::busyPercent).average().orElse(Double.NaN);
  }

  /** Solves for the response time that 1 % of the window's operations exceed (bisection). */
  private static double percentile99(List<StackModel.Tick> ticks, double extraSeconds) {
    double low = 0;
    double high = 1;
    while (tailShare(ticks, extraSeconds, high) > 0.01) {
      high *= 2;
    }
    for (int i = 0; i < 40; i++) {
      double middle = (low + high) / 2;
      if (tailShare(ticks, extraSeconds, middle) > 0.01) {
        low = middle;
      } else {
        high = middle;
      }
    }
    return high;
  }

  /** The share of operations slower than {@code seconds}, weighted by each second's users. */
  private static double tailShare(
      List<StackModel.Tick> ticks, double extraSeconds, double seconds) {
    double operations = 0;
    double slower = 0;
    for (StackModel.Tick tick : ticks) {
      double mean = tick.meanResponseSeconds() + extraSeconds;
      operations += tick.users();
      slower += tick.users() * Math.exp(-seconds / mean);
    }
    return operations == 0 ? 0 : slower / operations;
  }
}
