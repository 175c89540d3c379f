package dev.anemometer.harness.run.repeat;

import dev.anemometer.harness.config.ConfigException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How often a run is repeated (SPEC §4.6): a fixed number of times ({@code --repeat N}), or, as
 * DaCapo's converge, until the coefficient of variation of the last {@code window} results is below
 * a target, at most {@code maxRepeats} runs ({@code --until-cv PCT --window N --max-repeats M}).
 *
 * @param runs the fixed number of runs; with a CV target, the most runs (= maxRepeats)
 * @param untilCvPercent the CV target in percent; absent for a fixed number of runs
 * @param window how many of the latest results the CV is taken over
 */
public record RepeatSpec(int runs, Double untilCvPercent, int window) {

  public static final int DEFAULT_WINDOW = 3;
  public static final int DEFAULT_MAX_REPEATS = 6;

  public static RepeatSpec times(int runs) {
    return new RepeatSpec(runs, null, runs);
  }

  public static RepeatSpec untilCv(double cvPercent, int window, int maxRepeats) {
    return new RepeatSpec(maxRepeats, cvPercent, window);
  }

  /**
   * From the command line's flags; every mistake is one line naming its flag. {@code --repeat}
   * overrides the config's {@code repeat}; a CV target replaces both.
   */
  public static RepeatSpec fromFlags(
      Integer repeat, int configRepeat, String untilCv, Integer window, Integer maxRepeats) {
    List<String> errors = new ArrayList<>();
    if (untilCv == null) {
      if (window != null) {
        errors.add("--window: only with --until-cv (got " + window + ")");
      }
      if (maxRepeats != null) {
        errors.add("--max-repeats: only with --until-cv (got " + maxRepeats + ")");
      }
      int runs = repeat == null ? configRepeat : repeat;
      if (runs < 1) {
        errors.add("--repeat: must be ≥ 1 (got " + runs + ")");
      }
      throwIfAny(errors);
      return times(runs);
    }
    if (repeat != null) {
      errors.add("--until-cv: not with --repeat (a fixed number of runs or a CV target, not both)");
    }
    Double cv = percent(untilCv);
    if (cv == null) {
      errors.add("--until-cv: must be a percentage > 0 (got " + untilCv.strip() + ")");
    }
    int w = window == null ? DEFAULT_WINDOW : window;
    if (w < 2) {
      errors.add("--window: must be ≥ 2, a CV needs two results (got " + w + ")");
    }
    int most = maxRepeats == null ? Math.max(DEFAULT_MAX_REPEATS, w) : maxRepeats;
    if (maxRepeats != null && most < Math.max(w, 2)) {
      errors.add("--max-repeats: must be ≥ --window (" + w + ") (got " + most + ")");
    }
    throwIfAny(errors);
    return untilCv(cv, w, most);
  }

  /** {@code 3%}, {@code 3 %} or {@code 3}; null unless a finite number above zero. */
  static Double percent(String text) {
    String number = text.strip();
    if (number.endsWith("%")) {
      number = number.substring(0, number.length() - 1).strip();
    }
    try {
      double value = Double.parseDouble(number);
      return Double.isFinite(value) && value > 0 ? value : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  public boolean untilCv() {
    return untilCvPercent != null;
  }

  /** For the console and repeats.json: "3 runs" or "until CV < 3 % over the last 3 runs, …". */
  public String describe() {
    return untilCv()
        ? "until CV < "
            + plain(untilCvPercent)
            + " % over the last "
            + window
            + " runs, at most "
            + runs
        : runs + " run" + (runs == 1 ? "" : "s");
  }

  /**
   * Whether the set stops after {@code runsDone} runs whose results, in order, are {@code results}
   * (runs without a result left out), and why.
   */
  public Optional<RepeatStop> stopAfter(List<Double> results, int runsDone) {
    if (!untilCv()) {
      return runsDone >= runs
          ? Optional.of(new RepeatStop(runs + " run(s) as asked", null, null))
          : Optional.empty();
    }
    Double cv =
        results.size() < window
            ? null
            : RepeatStatistics.of(results.subList(results.size() - window, results.size()))
                .coefficientOfVariationPercent();
    if (cv != null && cv < untilCvPercent) {
      return Optional.of(
          new RepeatStop(
              String.format(
                  Locale.ROOT,
                  "CV reached after %d runs: %.1f %% < %s %% over the last %d",
                  runsDone,
                  cv,
                  plain(untilCvPercent),
                  window),
              cv,
              true));
    }
    if (runsDone < runs) {
      return Optional.empty();
    }
    String why =
        cv == null
            ? String.format(
                Locale.ROOT,
                "max repeats reached (%d runs): only %d gave a result, fewer than the window of %d",
                runsDone,
                results.size(),
                window)
            : String.format(
                Locale.ROOT,
                "max repeats reached (%d runs) with CV %.1f %% over the last %d (target < %s %%)",
                runsDone,
                cv,
                window,
                plain(untilCvPercent));
    return Optional.of(new RepeatStop(why, cv, false));
  }

  private static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  private static void throwIfAny(List<String> errors) {
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
  }

  /**
   * Why a repeat set ended.
   *
   * @param windowCvPercent the CV of the last window when the set stopped (CV target only)
   * @param cvReached whether that CV met the target (CV target only)
   */
  public record RepeatStop(String reason, Double windowCvPercent, Boolean cvReached) {}
}
