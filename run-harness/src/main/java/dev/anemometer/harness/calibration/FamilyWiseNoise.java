package dev.anemometer.harness.calibration;

/**
 * How far a share may stray by chance when many are judged at once. A sweep judges every operation
 * at every load (16 operations at three loads: 48 shares); at two standard deviations each, a
 * behaviour that is exactly on calibration would see about two shares "off" in every sweep, and
 * nine sweeps in ten would fail. The bound is therefore Bonferroni's: each share may reach the
 * deviation that all of them together exceed by chance only {@value #FAMILY_ERROR_PERCENT} % of the
 * time, and never less than two standard deviations.
 */
final class FamilyWiseNoise {

  /** The chance, in percent, that a behaviour on calibration has some share judged off. */
  static final double FAMILY_ERROR_PERCENT = 5;

  static final double MIN_SIGMAS = 2;

  private FamilyWiseNoise() {}

  /** Standard deviations a share may reach by chance when {@code shares} are judged together. */
  static double sigmas(int shares) {
    double tail = FAMILY_ERROR_PERCENT / 100 / 2 / Math.max(1, shares);
    double low = 0;
    double high = 10;
    for (int i = 0; i < 60; i++) {
      double middle = (low + high) / 2;
      if (upperTail(middle) > tail) {
        low = middle;
      } else {
        high = middle;
      }
    }
    return Math.max(MIN_SIGMAS, high);
  }

  /**
   * The standard normal distribution's upper tail, P(Z > z), for z ≥ 0: Abramowitz and Stegun's
   * 7.1.26 for erfc, good to 1.5e-7 absolute.
   */
  static double upperTail(double z) {
    double x = z / Math.sqrt(2);
    double t = 1 / (1 + 0.3275911 * x);
    double poly =
        t
            * (0.254829592
                + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return poly * Math.exp(-x * x) / 2;
  }
}
