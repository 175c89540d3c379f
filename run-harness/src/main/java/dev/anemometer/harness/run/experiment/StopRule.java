package dev.anemometer.harness.run.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * When an experiment has rounds enough: a fixed number of rounds, or a target its intervals must
 * reach (every variant's against the base), at most {@code maxRounds}.
 *
 * <p>{@code untilCiPercent}: every interval's half-width is within it. {@code detectPercent}: every
 * comparison is settled against that threshold, either its interval excludes no difference (a
 * difference is detected) or it lies within ±threshold (no difference as large as the threshold). A
 * target is not checked before {@value #MIN_ROUNDS_FOR_TARGET} rounds: with one degree of freedom t
 * is 12.7, and two rounds that agree by chance would end the experiment on nothing.
 *
 * @param untilCiPercent null when not a target
 * @param detectPercent null when not a target
 * @param maxRounds the most rounds (the number of rounds, without a target)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StopRule(Double untilCiPercent, Double detectPercent, int maxRounds) {

  public static final int MIN_ROUNDS_FOR_TARGET = 3;
  public static final int DEFAULT_ROUNDS = 6;
  public static final int DEFAULT_MAX_ROUNDS_WITH_TARGET = 10;

  public static StopRule rounds(int rounds) {
    return new StopRule(null, null, rounds);
  }

  public boolean hasTarget() {
    return untilCiPercent != null || detectPercent != null;
  }

  /** "6 rounds", or "until the 95 % CI is within ±2 %, at most 10 rounds". */
  public String describe() {
    if (!hasTarget()) {
      return maxRounds + " round" + (maxRounds == 1 ? "" : "s");
    }
    String target =
        untilCiPercent != null
            ? String.format(
                Locale.ROOT, "until the 95 %% CI is within ±%s %%", number(untilCiPercent))
            : String.format(
                Locale.ROOT,
                "until a difference is detected or ruled out beyond ±%s %%",
                number(detectPercent));
    return target + ", at most " + maxRounds + " rounds";
  }

  /**
   * Why the experiment stops after {@code rounds} rounds that compared every variant, with these
   * intervals (one per variant against the base; an entry is null where fewer than two rounds gave
   * a ratio), or empty to go on.
   */
  public Optional<String> stopAfter(int rounds, List<RatioInterval> intervals) {
    if (hasTarget() && rounds >= MIN_ROUNDS_FOR_TARGET && reached(intervals)) {
      return Optional.of(
          (untilCiPercent != null
                  ? "every interval within ±" + number(untilCiPercent) + " %"
                  : "settled against ±" + number(detectPercent) + " %")
              + " after "
              + rounds
              + " rounds");
    }
    if (rounds >= maxRounds) {
      return Optional.of(
          hasTarget()
              ? "target not reached in the most rounds, " + maxRounds
              : maxRounds + " rounds run");
    }
    return Optional.empty();
  }

  private boolean reached(List<RatioInterval> intervals) {
    // Not contains(null): an immutable list throws on it.
    if (intervals.isEmpty() || intervals.stream().anyMatch(Objects::isNull)) {
      return false;
    }
    return intervals.stream()
        .allMatch(
            interval ->
                untilCiPercent != null
                    ? interval.halfWidthPercent() <= untilCiPercent
                    : interval.differs() || interval.within(detectPercent));
  }

  static String number(double value) {
    return value == Math.rint(value)
        ? String.valueOf((long) value)
        : String.format(Locale.ROOT, "%.1f", value);
  }
}
