package dev.anemometer.harness.run.repeat;

import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.PercentText;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line's repeat flags as a {@link RepeatSpec}; every mistake is one line naming its
 * flag. {@code --repeat} overrides the config's {@code repeat}; a CV or CI target replaces both.
 */
public final class RepeatFlags {

  private final List<String> errors = new ArrayList<>();

  private RepeatFlags() {}

  /**
   * {@code --repeat}, {@code --until-cv}, {@code --until-ci}, {@code --window} and {@code
   * --max-repeats}, each null when not given.
   */
  public static RepeatSpec parse(
      Integer repeat,
      int configRepeat,
      String untilCv,
      String untilCi,
      Integer window,
      Integer maxRepeats) {
    RepeatFlags flags = new RepeatFlags();
    RepeatSpec spec =
        untilCi != null
            ? flags.untilCi(repeat, untilCv, untilCi, window, maxRepeats)
            : untilCv != null
                ? flags.untilCv(repeat, untilCv, window, maxRepeats)
                : flags.times(repeat, configRepeat, window, maxRepeats);
    if (!flags.errors.isEmpty()) {
      throw new ConfigException(flags.errors);
    }
    return spec;
  }

  private RepeatSpec times(Integer repeat, int configRepeat, Integer window, Integer maxRepeats) {
    if (window != null) {
      errors.add("--window: only with --until-cv (got " + window + ")");
    }
    if (maxRepeats != null) {
      errors.add("--max-repeats: only with --until-cv or --until-ci (got " + maxRepeats + ")");
    }
    int runs = repeat == null ? configRepeat : repeat;
    if (runs < 1) {
      errors.add("--repeat: must be ≥ 1 (got " + runs + ")");
    }
    return RepeatSpec.times(runs);
  }

  private RepeatSpec untilCv(Integer repeat, String untilCv, Integer window, Integer maxRepeats) {
    if (repeat != null) {
      errors.add("--until-cv: not with --repeat (a fixed number of runs or a CV target, not both)");
    }
    Double cv = percent("--until-cv", untilCv);
    int w = window == null ? RepeatSpec.DEFAULT_WINDOW : window;
    if (w < 2) {
      errors.add("--window: must be ≥ 2, a CV needs two results (got " + w + ")");
    }
    int most = maxRepeats == null ? Math.max(RepeatSpec.DEFAULT_MAX_REPEATS, w) : maxRepeats;
    if (maxRepeats != null && most < Math.max(w, 2)) {
      errors.add("--max-repeats: must be ≥ --window (" + w + ") (got " + most + ")");
    }
    return cv == null ? null : RepeatSpec.untilCv(cv, w, most);
  }

  private RepeatSpec untilCi(
      Integer repeat, String untilCv, String untilCi, Integer window, Integer maxRepeats) {
    if (repeat != null) {
      errors.add("--until-ci: not with --repeat (a fixed number of runs or a CI target, not both)");
    }
    if (untilCv != null) {
      errors.add("--until-ci: not with --until-cv (one target to stop on, not both)");
    }
    Double ci = percent("--until-ci", untilCi);
    if (window != null) {
      errors.add("--window: only with --until-cv (got " + window + ")");
    }
    int most = maxRepeats == null ? RepeatSpec.DEFAULT_MAX_REPEATS : maxRepeats;
    if (most < RepeatSpec.CI_MIN_RUNS) {
      errors.add(
          "--max-repeats: must be ≥ "
              + RepeatSpec.CI_MIN_RUNS
              + ", a confidence interval needs two results (got "
              + most
              + ")");
    }
    return ci == null ? null : RepeatSpec.untilCi(ci, most);
  }

  /** {@code 3%}, {@code 3 %} or {@code 3}: a finite number above zero, or an error. */
  private Double percent(String flag, String text) {
    Double value = PercentText.parse(text);
    if (value == null) {
      errors.add(flag + ": must be a percentage > 0 (got " + text.strip() + ")");
    }
    return value;
  }
}
