package dev.anemometer.driver.qos;

import dev.anemometer.driver.http.FailureReason;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.stats.Durations;
import dev.anemometer.driver.stats.HealthThresholds;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/** Applies a {@link QosSpec} to the (merged) stats of one interval. */
public final class QosJudge {

  // Shares and fractions are compared with this slack so that exact boundaries pass.
  private static final double EPSILON = 1e-9;

  /** How many standard deviations of counting noise a mix deviation may reach by chance. */
  static final double NOISE_SIGMAS = 3;

  private final QosSpec spec;
  private final HealthThresholds thresholds;

  public QosJudge(QosSpec spec, HealthThresholds thresholds) {
    this.spec = spec;
    this.thresholds = thresholds;
  }

  public QosSpec spec() {
    return spec;
  }

  public QosVerdict judge(IntervalStats stats) {
    return judge(stats, true);
  }

  /** Response times and failures only: for windows too short or unwarmed for a steady mix. */
  public QosVerdict judgeWithoutMix(IntervalStats stats) {
    return judge(stats, false);
  }

  private QosVerdict judge(IntervalStats stats, boolean withMix) {
    List<RuleResult> results = new ArrayList<>();
    long total = stats.totalOperations();
    for (OperationType type : judgedOperations(stats)) {
      OperationStats operation = stats.operation(type);
      if (!spec.notTimeJudged().contains(type)) {
        results.add(responseTime(type, operation));
      }
      Double expected = spec.expectedMixPercent().get(type);
      if (expected != null && withMix) {
        results.add(mix(type, operation.total(), total, expected));
      }
      results.add(failures(type, operation));
    }
    if (stats.operation(OperationType.GET_NEXT_BID).total() > 0) {
      spec.notificationLimits()
          .forEach((kind, limit) -> results.add(notification(kind, limit, stats)));
    }
    boolean passed = total > 0 && results.stream().allMatch(RuleResult::passed);
    List<String> invalid = new ArrayList<>(thresholds.violations(stats.health()));
    if (total == 0) {
      invalid.add("no operation completed");
    }
    long outOfFiles = driverOutOfFiles(stats);
    if (outOfFiles > 0) {
      invalid.add(
          "driver out of open files: "
              + outOfFiles
              + " requests got no connection (raise the driver's open-file limit or split its"
              + " users over workers)");
    }
    return new QosVerdict(passed, results, invalid);
  }

  /** Requests that failed because the driver's own process had no descriptor left to connect. */
  private static long driverOutOfFiles(IntervalStats stats) {
    String prefix = FailureReason.DRIVER_OUT_OF_FILES.name();
    return stats.operations().values().stream()
        .flatMap(operation -> operation.failures().entrySet().stream())
        .filter(failure -> failure.getKey().startsWith(prefix))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  private Set<OperationType> judgedOperations(IntervalStats stats) {
    Set<OperationType> judged = EnumSet.noneOf(OperationType.class);
    if (spec.expectedMixPercent().isEmpty()) {
      judged.addAll(stats.operations().keySet());
    } else {
      spec.expectedMixPercent()
          .forEach(
              (type, share) -> {
                if (share > 0) {
                  judged.add(type);
                }
              });
    }
    return judged;
  }

  private RuleResult responseTime(OperationType type, OperationStats operation) {
    Within within = withinLimit(type.displayName(), operation.latencyMicros(), spec.limit(type));
    return new RuleResult(
        type, QosRule.RESPONSE_TIME, within.passed(), within.message(), within.limitShare());
  }

  /**
   * How late followers learned of changes, judged like a response time. The rule belongs to
   * GetNextBid, the long poll that delivers them; an interval where nothing changed passes.
   */
  private RuleResult notification(Notification kind, Duration limit, IntervalStats stats) {
    Within within = withinLimit(kind.displayName(), stats.notification(kind), limit);
    return new RuleResult(
        OperationType.GET_NEXT_BID,
        QosRule.NOTIFICATION,
        within.passed(),
        within.message(),
        within.limitShare(),
        kind);
  }

  /** A percentile judged against a limit, before it is known which rule it makes. */
  private record Within(boolean passed, String message, double limitShare) {}

  /** At least the percentile of the values within the limit. */
  private Within withinLimit(String name, Histogram latency, Duration limit) {
    long limitMicros = limit.toNanos() / 1000;
    long count = latency.getTotalCount();
    // "p99 within the limit" means at least 99 % of the operations finished within it.
    long within = count == 0 ? 0 : latency.getCountBetweenValues(0, limitMicros);
    boolean passed = within * 100.0 >= spec.percentile() * count - EPSILON;
    String percentileName = "p" + number(spec.percentile());
    long atPercentile = count == 0 ? 0 : latency.getValueAtPercentile(spec.percentile());
    String message =
        String.format(
            Locale.ROOT,
            "%s %s %s %s %s (%s %% within)",
            name,
            percentileName,
            Durations.format(atPercentile),
            passed ? "<=" : ">",
            Durations.format(limitMicros),
            count == 0 ? "100" : number(within * 100.0 / count));
    double limitShare = limitMicros == 0 ? 0 : (double) atPercentile / limitMicros;
    return new Within(passed, message, limitShare);
  }

  /**
   * The share must be within the tolerance of the expected share, relative (SPEC §3.2), or within
   * the counting noise of the window when that is wider: {@value #NOISE_SIGMAS} standard deviations
   * of a Poisson count of the expected size. A window of a hundred users for a minute expects some
   * 60 HomePage operations, where chance alone moves the count by ±8; judging that against ±20 %
   * fails healthy systems at random. Windows of Weathervane's size (thousands of users, 300 s) are
   * judged by the tolerance alone: the noise floor is below it once the expected count reaches 9 /
   * tolerance² (225 at ±20 %, 900 at ±10 %).
   */
  private RuleResult mix(OperationType type, long count, long total, double expectedPercent) {
    double sharePercent = total == 0 ? 0 : count * 100.0 / total;
    double tolerance = spec.tolerance(type);
    double expectedCount = expectedPercent / 100 * total;
    double noise = NOISE_SIGMAS * Math.sqrt(expectedCount);
    double allowed = Math.max(tolerance * expectedCount, noise);
    boolean passed = total > 0 && Math.abs(count - expectedCount) <= allowed + EPSILON;
    String message =
        String.format(
            Locale.ROOT,
            "%s mix %s %% %s %s %% ± %s %%",
            type.displayName(),
            number(sharePercent),
            passed ? "within" : "outside",
            number(expectedPercent),
            number(tolerance * 100));
    if (noise > tolerance * expectedCount) {
      message +=
          String.format(
              Locale.ROOT,
              " (± %s %% counting noise: %s expected)",
              number(noise * 100 / expectedCount),
              number(expectedCount));
    }
    return new RuleResult(type, QosRule.MIX, passed, message);
  }

  private RuleResult failures(OperationType type, OperationStats operation) {
    long failed = operation.failureCount();
    long total = operation.total();
    double failedPercent = total == 0 ? 0 : failed * 100.0 / total;
    boolean passed = failed * 100.0 <= spec.maxFailurePercent() * total + EPSILON;
    StringBuilder message =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s failures %s %% %s %s %%",
                type.displayName(),
                number(failedPercent),
                passed ? "<=" : ">",
                number(spec.maxFailurePercent())));
    if (!operation.failures().isEmpty()) {
      message.append(" ").append(reasons(operation.failures()));
    }
    double limitShare =
        spec.maxFailurePercent() > 0
            ? failedPercent / spec.maxFailurePercent()
            : failed > 0 ? Double.POSITIVE_INFINITY : 0;
    return new RuleResult(type, QosRule.FAILURES, passed, message.toString(), limitShare);
  }

  private static String reasons(Map<String, Long> failures) {
    StringBuilder text = new StringBuilder("(");
    failures.forEach(
        (reason, count) ->
            text.append(text.length() > 1 ? ", " : "").append(reason).append(": ").append(count));
    return text.append(")").toString();
  }

  /** Up to two decimals, without trailing zeros: 99, 99.9, 46.43. */
  static String number(double value) {
    String text = String.format(Locale.ROOT, "%.2f", value);
    text = text.replaceAll("0+$", "");
    return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
  }
}
