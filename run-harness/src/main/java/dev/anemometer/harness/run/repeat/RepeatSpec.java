package dev.anemometer.harness.run.repeat;

import dev.anemometer.harness.results.ConfidenceInterval;
import dev.anemometer.harness.results.RepeatSet;
import dev.anemometer.harness.results.RepeatStatistics;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How often a run is repeated (SPEC §4.6): a fixed number of times ({@code --repeat N}); as
 * DaCapo's converge, until the coefficient of variation of the last {@code window} results is below
 * a target ({@code --until-cv PCT --window N}); or until the 95 % confidence interval of the mean
 * of every result is within a share of the mean ({@code --until-ci PCT}); with a target, at most
 * {@code maxRepeats} runs ({@code --max-repeats M}); the flags are read by {@link RepeatFlags}.
 *
 * @param runs the fixed number of runs; with a target, the most runs (= maxRepeats)
 * @param untilCvPercent the CV target in percent; absent unless the set stops on its CV
 * @param window how many of the latest results the CV is taken over
 * @param untilCiPercent the CI target: the most half-width, in percent of the mean, the set stops
 *     at; absent unless the set stops on its CI
 */
public record RepeatSpec(int runs, Double untilCvPercent, int window, Double untilCiPercent) {

  public static final int DEFAULT_WINDOW = 3;
  public static final int DEFAULT_MAX_REPEATS = 6;

  /** A confidence interval needs a standard deviation, so two results. */
  public static final int CI_MIN_RUNS = 2;

  public static RepeatSpec times(int runs) {
    return new RepeatSpec(runs, null, runs, null);
  }

  public static RepeatSpec untilCv(double cvPercent, int window, int maxRepeats) {
    return new RepeatSpec(maxRepeats, cvPercent, window, null);
  }

  public static RepeatSpec untilCi(double halfWidthPercent, int maxRepeats) {
    return new RepeatSpec(maxRepeats, null, CI_MIN_RUNS, halfWidthPercent);
  }

  public boolean untilCv() {
    return untilCvPercent != null;
  }

  public boolean untilCi() {
    return untilCiPercent != null;
  }

  /** Whether the set stops on a target (CV or CI) rather than after a fixed number of runs. */
  public boolean converges() {
    return untilCv() || untilCi();
  }

  /**
   * For the console and repeats.json: "3 runs", "until CV < 3 % over the last 3 runs, at most 6".
   */
  public String describe() {
    if (untilCv()) {
      return "until CV < "
          + plain(untilCvPercent)
          + " % over the last "
          + window
          + " runs, at most "
          + runs;
    }
    if (untilCi()) {
      return "until the 95 % CI is within ±"
          + plain(untilCiPercent)
          + " % of the mean, at most "
          + runs;
    }
    return runs + " run" + (runs == 1 ? "" : "s");
  }

  /**
   * Whether the set stops after {@code runsDone} runs whose results, in order, are {@code results}
   * (runs without a result left out), and why.
   */
  public Optional<RepeatStop> stopAfter(List<Double> results, int runsDone) {
    if (untilCv()) {
      return stopOnCv(results, runsDone);
    }
    if (untilCi()) {
      return stopOnCi(results, runsDone);
    }
    return runsDone >= runs
        ? Optional.of(new RepeatStop(runs + " run(s) as asked", null, null, null, null))
        : Optional.empty();
  }

  /** A set broken off by Ctrl-C in this run: its target, if it had one, not reached. */
  public RepeatStop interruptedIn(int run) {
    return new RepeatStop(
        "interrupted in run " + run,
        null,
        untilCv() ? false : null,
        null,
        untilCi() ? false : null);
  }

  private Optional<RepeatStop> stopOnCv(List<Double> results, int runsDone) {
    Double cv =
        results.size() < window
            ? null
            : RepeatStatistics.of(results.subList(results.size() - window, results.size()))
                .coefficientOfVariationPercent();
    if (cv != null && cv < untilCvPercent) {
      String why =
          format(
              "CV reached after %d runs: %.1f %% < %s %% over the last %d",
              runsDone, cv, plain(untilCvPercent), window);
      return Optional.of(new RepeatStop(why, cv, true, null, null));
    }
    if (runsDone < runs) {
      return Optional.empty();
    }
    String why =
        cv == null
            ? format(
                "max repeats reached (%d runs): only %d gave a result, fewer than the window of %d",
                runsDone, results.size(), window)
            : format(
                "max repeats reached (%d runs) with CV %.1f %% over the last %d (target < %s %%)",
                runsDone, cv, window, plain(untilCvPercent));
    return Optional.of(new RepeatStop(why, cv, false, null, null));
  }

  /** The interval of the mean of every result so far: the figure the set will report. */
  private Optional<RepeatStop> stopOnCi(List<Double> results, int runsDone) {
    ConfidenceInterval ci =
        results.size() < CI_MIN_RUNS ? null : RepeatStatistics.of(results).confidenceInterval();
    Double half = ci == null ? null : ci.halfWidthPercent();
    if (half != null && half <= untilCiPercent) {
      String why =
          format(
              "CI reached after %d runs: ±%.1f %% of the mean ≤ ±%s %%",
              runsDone, half, plain(untilCiPercent));
      return Optional.of(new RepeatStop(why, null, null, half, true));
    }
    if (runsDone < runs) {
      return Optional.empty();
    }
    String why =
        half == null
            ? format(
                "max repeats reached (%d runs): only %d gave a result, a CI needs %d",
                runsDone, results.size(), CI_MIN_RUNS)
            : format(
                "max repeats reached (%d runs) with the 95 %% CI at ±%.1f %% of the mean"
                    + " (target ±%s %%)",
                runsDone, half, plain(untilCiPercent));
    return Optional.of(new RepeatStop(why, null, null, half, false));
  }

  private static String format(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  private static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** The rule as {@code repeats.json} states it, with why the set stopped (null: still running). */
  public RepeatSet.StopRule stopRule(RepeatStop stop) {
    return new RepeatSet.StopRule(
        describe(),
        untilCvPercent(),
        untilCiPercent(),
        untilCv() ? window() : null,
        converges() ? runs() : null,
        stop == null ? null : stop.reason(),
        stop == null ? null : stop.windowCvPercent(),
        stop == null ? null : stop.cvReached(),
        stop == null ? null : stop.ciHalfWidthPercent(),
        stop == null ? null : stop.ciReached());
  }

  /**
   * Why a repeat set ended.
   *
   * @param windowCvPercent the CV of the last window when the set stopped (CV target only)
   * @param cvReached whether that CV met the target (CV target only)
   * @param ciHalfWidthPercent the half-width of the 95 % CI of the mean, in percent of the mean,
   *     when the set stopped (CI target only)
   * @param ciReached whether that half-width met the target (CI target only)
   */
  public record RepeatStop(
      String reason,
      Double windowCvPercent,
      Boolean cvReached,
      Double ciHalfWidthPercent,
      Boolean ciReached) {}
}
