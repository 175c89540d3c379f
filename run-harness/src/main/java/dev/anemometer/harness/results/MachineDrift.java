package dev.anemometer.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * How far the machine's own speed moved across the runs of a repeat set, from the reference figures
 * each run takes at its start ({@code platform.referenceSpeed}, {@code platform.loopbackSpeed}) and
 * again once its tiers have stopped ({@code platform.afterRun}). On a shared virtual machine the
 * host's load moves them by tens of percent within minutes (idle, 67 s apart: loopback 34.5k, then
 * 25.7k round trips/s); a spread of the peaks that size is the machine's, not the platform's under
 * test, and the set says so.
 *
 * @param cpu the CPU reference scores, at the start of and after every run that took them
 * @param loopback the loopback reference scores, at the start of and after every run that took them
 * @param moved whether either spread exceeds the set's tolerance
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachineDrift(Spread cpu, Spread loopback, boolean moved) {

  /** Lowest and highest score, and their difference in percent of the mean. */
  public record Spread(double min, double max, double spreadPercent) {

    static Spread of(List<Double> scores) {
      if (scores.size() < 2) {
        return null;
      }
      double min = scores.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      double max = scores.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      double mean = scores.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
      return new Spread(min, max, mean > 0 ? (max - min) / mean * 100 : 0);
    }

    boolean beyond(double percent) {
      return spreadPercent > percent;
    }
  }

  /** Null when the runs took fewer than two reference figures. */
  static MachineDrift of(List<RepeatSet.Member> runs, RepeatSet.Tolerance tolerance) {
    Spread cpu =
        Spread.of(scores(runs, RepeatSet.Member::cpuScore, RepeatSet.Member::cpuScoreAfter));
    Spread loopback =
        Spread.of(
            scores(runs, RepeatSet.Member::loopbackScore, RepeatSet.Member::loopbackScoreAfter));
    if (cpu == null && loopback == null) {
      return null;
    }
    boolean moved =
        (cpu != null && cpu.beyond(tolerance.percent()))
            || (loopback != null && loopback.beyond(tolerance.percent()));
    return new MachineDrift(cpu, loopback, moved);
  }

  private static List<Double> scores(
      List<RepeatSet.Member> runs,
      Function<RepeatSet.Member, Double> atStart,
      Function<RepeatSet.Member, Double> after) {
    return runs.stream()
        .flatMap(run -> Stream.of(atStart.apply(run), after.apply(run)))
        .filter(Objects::nonNull)
        .toList();
  }

  /** "CPU reference 0.96–0.99 (3.1 %), loopback 0.71–0.99 (33.3 %)". */
  public String describe() {
    StringBuilder text = new StringBuilder();
    if (cpu != null) {
      text.append(format("CPU reference", cpu));
    }
    if (loopback != null) {
      text.append(text.isEmpty() ? "" : ", ").append(format("loopback", loopback));
    }
    return text.toString();
  }

  private static String format(String name, Spread spread) {
    return String.format(
        Locale.ROOT,
        "%s %.2f–%.2f (%.1f %%)",
        name,
        spread.min(),
        spread.max(),
        spread.spreadPercent());
  }
}
