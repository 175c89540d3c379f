package dev.anemometer.harness.soak;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Judges one series over the second half of a steady load: a leak is growth that (1) projected to
 * an hour by a least-squares line is at least the threshold's share of the series' level, (2) is no
 * chance slope of noise (the slope is at least three standard errors), and (3) lifts the floor as
 * well: a garbage-collected heap or a vacuumed table swings in a saw-tooth whose fitted slope
 * depends on where the window cuts its teeth, while its lowest values stay put; a leak raises them
 * with everything else. The floors compared are the lowest values of each half of the window, so a
 * saw-tooth is told from a leak when a tooth is at most half the window long (15 minutes of a
 * 60-minute soak); a slower one looks like a leak until a collection drops it, unless (4) the
 * judged half never rises above what the series reached earlier in the steady load: a leak makes
 * new highs.
 */
final class LeakDetector {

  /** Fewer points leave the standard error of a slope meaningless. */
  static final int MIN_POINTS = 8;

  /** A slope this many standard errors from zero is not noise. */
  static final double MIN_T = 3;

  /** The floor must rise at least this share of what the fitted slope implies between halves. */
  static final double FLOOR_SHARE = 0.5;

  static final String LEAK = "LEAK";
  static final String STEADY = "steady";
  static final String TOO_SHORT = "too short";

  /** A point of a series: seconds since the load started, and the value. */
  record Point(double seconds, double value) {}

  /**
   * The judgement of one series.
   *
   * @param growthPerHour the fitted slope in the series' unit per hour; null when too short
   * @param growthPercentPerHour the same as a share of the series' mean over the window
   */
  record Verdict(String verdict, Double growthPerHour, Double growthPercentPerHour, String reason) {

    boolean leak() {
      return LEAK.equals(verdict);
    }
  }

  private final double thresholdPercentPerHour;
  private final Duration minSpan;

  LeakDetector(double thresholdPercentPerHour, Duration minSpan) {
    this.thresholdPercentPerHour = thresholdPercentPerHour;
    this.minSpan = minSpan;
  }

  Verdict judge(List<Point> window) {
    return judge(window, List.of());
  }

  /**
   * @param before the steady load's points before the window: a series whose window never rises
   *     above what it reached there swings more slowly than the window shows (in a soak,
   *     PostgreSQL's open files swung between about 3,200 and 4,500 in 25-minute waves as backends
   *     were replaced, and the judged half caught a trough and the climb after it)
   */
  Verdict judge(List<Point> window, List<Point> before) {
    if (window.size() < MIN_POINTS) {
      return new Verdict(
          TOO_SHORT,
          null,
          null,
          window.size()
              + " samples in the judged half of the steady load; "
              + MIN_POINTS
              + " needed");
    }
    double span = window.get(window.size() - 1).seconds() - window.get(0).seconds();
    if (span < minSpan.toMillis() / 1000.0) {
      return new Verdict(
          TOO_SHORT,
          null,
          null,
          String.format(
              Locale.ROOT,
              "judged over %.0f s, less than soak.leakMinSpan (%d s)",
              span,
              minSpan.toSeconds()));
    }
    Fit fit = Fit.of(window);
    double perHour = fit.slope() * 3600;
    if (!(fit.mean() > 0)) {
      return new Verdict(STEADY, perHour, null, "level 0");
    }
    double percent = perHour / fit.mean() * 100;
    String growth = String.format(Locale.ROOT, "%+.1f %%/h", percent);
    if (percent < thresholdPercentPerHour) {
      return new Verdict(
          STEADY,
          perHour,
          percent,
          growth + String.format(Locale.ROOT, ", below %.0f %%/h", thresholdPercentPerHour));
    }
    double t = fit.slopeError() == 0 ? Double.POSITIVE_INFINITY : fit.slope() / fit.slopeError();
    if (t < MIN_T) {
      return steady(perHour, percent, growth, " within the noise (slope %.1f standard errors)", t);
    }
    double middle = window.get(0).seconds() + span / 2;
    double earlyFloor = floor(window, Double.NEGATIVE_INFINITY, middle);
    double lateFloor = floor(window, middle, Double.POSITIVE_INFINITY);
    double implied = fit.slope() * span / 2;
    if (lateFloor - earlyFloor < FLOOR_SHARE * implied) {
      return steady(
          perHour,
          percent,
          growth,
          " by the fit, but the floor rose %.0f %% of what that implies (a saw-tooth)",
          (lateFloor - earlyFloor) / implied * 100);
    }
    double highBefore = before.stream().mapToDouble(Point::value).max().orElse(Double.NaN);
    double highInWindow = window.stream().mapToDouble(Point::value).max().orElse(Double.NaN);
    if (highInWindow <= highBefore) {
      return steady(
          perHour,
          percent,
          growth,
          " by the fit, but it never rose above the %.0f it reached earlier in the steady load"
              + " (a swing slower than the judged half)",
          highBefore);
    }
    return new Verdict(
        LEAK,
        perHour,
        percent,
        growth
            + String.format(
                Locale.ROOT,
                " (threshold %.0f %%/h), slope %.0f standard errors, floor rising with it",
                thresholdPercentPerHour,
                Math.min(t, 999)));
  }

  private static Verdict steady(
      double perHour, double percent, String growth, String why, double figure) {
    return new Verdict(STEADY, perHour, percent, growth + String.format(Locale.ROOT, why, figure));
  }

  /** The lowest value in [from, to). */
  private static double floor(List<Point> window, double from, double to) {
    double min = Double.POSITIVE_INFINITY;
    for (Point point : window) {
      if (point.seconds() >= from && point.seconds() < to) {
        min = Math.min(min, point.value());
      }
    }
    return min;
  }

  /** A least-squares line through the points, with the standard error of its slope. */
  record Fit(double slope, double slopeError, double mean) {

    static Fit of(List<Point> points) {
      int n = points.size();
      double meanT = 0;
      double meanY = 0;
      for (Point p : points) {
        meanT += p.seconds();
        meanY += p.value();
      }
      meanT /= n;
      meanY /= n;
      double stt = 0;
      double sty = 0;
      for (Point p : points) {
        stt += (p.seconds() - meanT) * (p.seconds() - meanT);
        sty += (p.seconds() - meanT) * (p.value() - meanY);
      }
      double slope = stt == 0 ? 0 : sty / stt;
      double residuals = 0;
      for (Point p : points) {
        double r = p.value() - (meanY + slope * (p.seconds() - meanT));
        residuals += r * r;
      }
      double error = n > 2 && stt > 0 ? Math.sqrt(residuals / (n - 2) / stt) : 0;
      return new Fit(slope, error, meanY);
    }
  }
}
