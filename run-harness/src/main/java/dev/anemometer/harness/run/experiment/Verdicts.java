package dev.anemometer.harness.run.experiment;

import java.util.Locale;

/** The words an experiment answers in: per variant against the base, and of the machine (A/A). */
final class Verdicts {

  private Verdicts() {}

  /** The variant's comparison; its interval null below two rounds with a ratio. */
  static Experiment.Comparison of(
      String variant,
      String base,
      int rounds,
      RatioInterval interval,
      ExperimentMetric metric,
      StopRule rule) {
    return comparison(
        variant,
        base,
        rounds,
        interval,
        interval == null ? null : text(variant, interval, metric, rule));
  }

  /**
   * A metric measured beside the deciding one: the same interval, worded without a confidence
   * level, since an interval read among several is not a 95 % claim, and without the stop rule's
   * threshold, which it does not answer to. "two-apps: +4.0 % throughput (ops/s), better (interval
   * +3.1 … +4.9 %)" or "two-apps: no difference seen (interval −1.8 … +2.4 %)".
   */
  static Experiment.Comparison secondLook(
      String variant, String base, int rounds, RatioInterval interval, ExperimentMetric metric) {
    if (interval == null) {
      return comparison(variant, base, rounds, null, null);
    }
    String range = range("interval", interval);
    String text =
        interval.differs()
            ? variant + ": " + change(interval, metric) + " " + range
            : variant + ": no difference seen " + range;
    return comparison(variant, base, rounds, interval, text);
  }

  /** The comparison's fields; below two rounds with a ratio only its count and a line saying so. */
  private static Experiment.Comparison comparison(
      String variant, String base, int rounds, RatioInterval interval, String text) {
    if (interval == null) {
      return new Experiment.Comparison(
          variant,
          base,
          rounds,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          variant + ": no interval yet (" + rounds + " round(s) with a ratio, two needed)");
    }
    return new Experiment.Comparison(
        variant,
        base,
        interval.rounds(),
        interval.ratio(),
        interval.low(),
        interval.high(),
        interval.changePercent(),
        interval.lowPercent(),
        interval.highPercent(),
        interval.halfWidthPercent(),
        interval.differs(),
        text);
  }

  /** "(95 % CI +5.1 … +10.8 %)", with the label given. */
  private static String range(String label, RatioInterval interval) {
    return "("
        + label
        + " "
        + signed(interval.lowPercent())
        + " … "
        + signed(interval.highPercent())
        + " %)";
  }

  /** "+7.9 % peak users, better". */
  private static String change(RatioInterval interval, ExperimentMetric metric) {
    boolean better = (interval.ratio() > 1) == metric.higherIsBetter();
    return signed(interval.changePercent())
        + " % "
        + metric.describe()
        + ", "
        + (better ? "better" : "worse");
  }

  /**
   * "two-apps: +7.9 % peak users, better (95 % CI +5.1 … +10.8 %)" or "two-apps: no difference
   * detected (95 % CI −1.8 … +2.4 %)".
   */
  static String text(
      String variant, RatioInterval interval, ExperimentMetric metric, StopRule rule) {
    String range = range("95 % CI", interval);
    if (!interval.differs()) {
      String settled =
          rule.detectPercent() != null && interval.within(rule.detectPercent())
              ? "; any difference is within ±" + StopRule.number(rule.detectPercent()) + " %"
              : "";
      return variant + ": no difference detected " + range + settled;
    }
    return variant + ": " + change(interval, metric) + " " + range;
  }

  /**
   * A/A: the interval's half-width is the smallest difference this machine can tell in that many
   * rounds; a difference between identical variants is the machine's own.
   */
  static String machine(RatioInterval interval, long wallSeconds) {
    if (interval == null) {
      return "A/A: fewer than two rounds with a ratio, nothing to say of the machine yet";
    }
    String width =
        String.format(
            Locale.ROOT,
            "±%.1f %% after %d rounds (%s)",
            interval.halfWidthPercent(),
            interval.rounds(),
            duration(wallSeconds));
    if (interval.differs()) {
      return "A/A: identical variants differed, interval "
          + width
          + ": the machine moved within rounds more than between them, or this is one of the"
          + " 5 % of A/A experiments that differ by chance; run it again before trusting an A/B"
          + " here";
    }
    return "A/A: no difference, as it must be; the interval's half-width, "
        + width
        + ", is the smallest difference this machine can show in that time";
  }

  /** "+7.9", "−1.8" (a minus sign, not a hyphen), "+0.0". */
  static String signed(double percent) {
    String number = String.format(Locale.ROOT, "%.1f", Math.abs(percent));
    boolean negative = percent < 0 && !"0.0".equals(number);
    return (negative ? "−" : "+") + number;
  }

  /** "47 min", "1 h 12 min", "55 s". */
  static String duration(long seconds) {
    if (seconds < 60) {
      return seconds + " s";
    }
    long minutes = Math.round(seconds / 60.0);
    return minutes < 60 ? minutes + " min" : minutes / 60 + " h " + minutes % 60 + " min";
  }
}
