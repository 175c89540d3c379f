package dev.anemometer.driver.loadpath.simulation;

import java.util.List;
import java.util.Locale;

/**
 * How a search did over many simulated runs of one noise model: its answers' bias against the true
 * capacity and their spread, both in percent of the capacity, the share of answers within one and
 * two precisions of it, and what a search cost. A search that ended invalid has no answer: it is
 * counted apart, not in the bias.
 */
record SearchStatistics(
    String variant,
    String model,
    int searches,
    double biasPercent,
    double sdPercent,
    double withinPrecisionShare,
    double withinTwicePrecisionShare,
    double meanWindows,
    double meanMinutes,
    double p90Minutes,
    int unfinished,
    int invalid) {

  static SearchStatistics of(
      String variant, String model, double precisionPercent, List<SimulatedSearch.Outcome> runs) {
    double[] errors =
        runs.stream()
            .filter(run -> !run.invalid())
            .mapToDouble(SimulatedSearch.Outcome::errorPercent)
            .toArray();
    double bias = mean(errors);
    double squares = 0;
    for (double error : errors) {
      squares += (error - bias) * (error - bias);
    }
    double sd = errors.length < 2 ? 0 : Math.sqrt(squares / (errors.length - 1));
    double[] minutes =
        runs.stream().mapToDouble(SimulatedSearch.Outcome::minutes).sorted().toArray();
    return new SearchStatistics(
        variant,
        model,
        runs.size(),
        bias,
        sd,
        share(errors, precisionPercent),
        share(errors, 2 * precisionPercent),
        runs.stream().mapToInt(SimulatedSearch.Outcome::windows).average().orElse(0),
        mean(minutes),
        minutes[(int) Math.min(minutes.length - 1, Math.ceil(0.9 * minutes.length) - 1)],
        (int) runs.stream().filter(run -> !run.finished()).count(),
        (int) runs.stream().filter(SimulatedSearch.Outcome::invalid).count());
  }

  static String header() {
    return String.format(
        Locale.ROOT,
        "%-34s %-13s %7s %6s %8s %8s %8s %8s %8s %5s %7s",
        "search",
        "noise model",
        "bias %",
        "sd %",
        "±1 prec",
        "±2 prec",
        "windows",
        "minutes",
        "p90 min",
        "unfin",
        "invalid");
  }

  String row() {
    return String.format(
        Locale.ROOT,
        "%-34s %-13s %+7.2f %6.2f %7.1f%% %7.1f%% %8.1f %8.1f %8.1f %5d %7d",
        variant,
        model,
        biasPercent,
        sdPercent,
        100 * withinPrecisionShare,
        100 * withinTwicePrecisionShare,
        meanWindows,
        meanMinutes,
        p90Minutes,
        unfinished,
        invalid);
  }

  private static double share(double[] errors, double limitPercent) {
    long within = java.util.Arrays.stream(errors).filter(e -> Math.abs(e) <= limitPercent).count();
    return errors.length == 0 ? 0 : (double) within / errors.length;
  }

  private static double mean(double[] values) {
    return java.util.Arrays.stream(values).average().orElse(0);
  }
}
