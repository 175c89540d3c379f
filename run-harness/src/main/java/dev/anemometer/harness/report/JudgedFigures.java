package dev.anemometer.harness.report;

import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.harness.results.RunSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The judged figures of a run's summary that the comparison sets side by side: every target's
 * operations and notifications with their p99, and the failed operations summed.
 */
final class JudgedFigures {

  private JudgedFigures() {}

  /** One judged figure of a target: an operation's or a notification's. */
  record Judged(String name, long count, double p99Millis) {}

  /** The judged operations of every target. */
  static List<Judged> operations(RunSummary summary) {
    return judged(
        summary,
        DriverSummary.Target::operations,
        op -> new Judged(op.operation(), op.count(), op.p99Millis()));
  }

  /** How late followers learned of changes, for every target. */
  static List<Judged> notifications(RunSummary summary) {
    return judged(
        summary,
        DriverSummary.Target::notifications,
        n -> new Judged(n.notification(), n.count(), n.p99Millis()));
  }

  static <T> List<Judged> judged(
      RunSummary summary,
      Function<DriverSummary.Target, List<T>> figures,
      Function<T, Judged> judged) {
    List<Judged> all = new ArrayList<>();
    for (DriverSummary.Target target : targets(summary)) {
      List<T> some = figures.apply(target);
      if (some != null) {
        some.stream().map(judged).forEach(all::add);
      }
    }
    return all;
  }

  static List<DriverSummary.Target> targets(RunSummary summary) {
    return summary.load() == null ? List.of() : summary.load().targets();
  }

  static Double failures(RunSummary summary) {
    List<Double> failures = new ArrayList<>();
    for (DriverSummary.Target target : targets(summary)) {
      if (target.operations() != null) {
        target.operations().forEach(op -> failures.add((double) op.failures()));
      }
    }
    return failures.isEmpty() ? null : failures.stream().mapToDouble(Double::doubleValue).sum();
  }

  /** The worst p99 of {@code name} over the targets that measured it. */
  static Double p99(List<Judged> judged, String name) {
    return judged.stream()
        .filter(figure -> name.equals(figure.name()) && figure.count() > 0)
        .map(Judged::p99Millis)
        .max(Double::compare)
        .orElse(null);
  }
}
