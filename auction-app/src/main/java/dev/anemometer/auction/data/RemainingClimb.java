package dev.anemometer.auction.data;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How much of its climb a running auction's current item has left when a steady state finds it: the
 * distribution that the first items of a load or reset draw from (decision 0005).
 *
 * <p>An item's price climbs from its starting bid s towards the bidders' ceiling c by a fixed
 * percentage a bid, at a bid rate that does not depend on the price, so its life is proportional to
 * its climb in log-price units, K = ln(c / s). An auction sells its items one after another, their
 * starting bids drawn independently: a renewal process of climbs. Seen at a moment chosen without
 * regard to the items, the current item is length-biased (a climb twice as long is found twice as
 * often), and the climb it has left, R, has the residual distribution of that process:
 *
 * <pre>
 *   P(R &gt; r) = E[(K − r)+] / E[K],   E[R] = E[K²] / (2 E[K]).
 * </pre>
 *
 * Auctions started with that residual close their items at the steady rate 1 / E[K] from the first
 * minute (an equilibrium renewal process). Spreading each first item over its own climb instead (R
 * uniform on [0, K]) closes them at E[1 / K], 1.24 times that rate for the whole-dollar starting
 * bids 10–499: short climbs are as common among first items as among all items.
 *
 * <p>The climbs come as n equally likely values k_j (one per possible starting bid). Then n E[(K −
 * r)+] = G(r) = Σ (k_j − r)+ is piecewise linear in r, with a break at every k_j, so the p-quantile
 * of R, the r where G(r) = (1 − p) Σ k_j, is found exactly on its segment of G.
 */
final class RemainingClimb {

  private RemainingClimb() {}

  /**
   * The climbs, ln(ceiling / s), of the whole-dollar starting bids s from {@code lowestDollars} to
   * {@code highestDollars}, each as likely (the dataset's items, {@link
   * DatasetFacts#startingBidCents}); every s must lie below the ceiling.
   */
  static double[] climbs(BigDecimal ceiling, int lowestDollars, int highestDollars) {
    double top = ceiling.doubleValue();
    if (highestDollars >= top) {
      throw new IllegalArgumentException("starting bids must lie below the ceiling " + ceiling);
    }
    // StrictMath: the same table, and so the same opening prices, on every JVM.
    return IntStream.rangeClosed(lowestDollars, highestDollars)
        .mapToDouble(s -> StrictMath.log(top / s))
        .toArray();
  }

  /**
   * The residual's quantiles at the midpoints (i + ½) / count of {@code count} equal slices of
   * probability, ascending: entry i stands for the draws u in [i / count, (i + 1) / count).
   */
  static double[] residualQuantiles(double[] climbs, int count) {
    double[] sorted = climbs.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double total = Arrays.stream(sorted).sum();
    double[] quantiles = new double[count];
    // On the segment [sorted[m - 1], sorted[m]], G(r) = sumFromM - (n - m) r.
    int m = 0;
    double sumFromM = total;
    for (int i = 0; i < count; i++) {
      double target = (1 - (i + 0.5) / count) * total;
      while (m < n - 1 && sumFromM - (n - m) * sorted[m] > target) {
        sumFromM -= sorted[m];
        m++;
      }
      quantiles[i] = (sumFromM - target) / (n - m);
    }
    return quantiles;
  }

  /**
   * The values as a PostgreSQL {@code float8[]} literal, to six decimals (prices within 0.05 ¢).
   */
  static String sqlArray(double[] values) {
    return Arrays.stream(values)
        .mapToObj(value -> String.format(Locale.ROOT, "%.6f", value))
        .collect(Collectors.joining(",", "'{", "}'::float8[]"));
  }
}
