package dev.anemometer.harness.run.experiment;

import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.driver.output.OperationSummary;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.Strategy;
import dev.anemometer.harness.platform.TierCpu;
import dev.anemometer.harness.platform.WindowCpu;
import dev.anemometer.harness.results.Headline;
import dev.anemometer.harness.results.RunSummary;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The one number an experiment compares its variants on, read from each run's summary: the findMax
 * peak, or at a fixed load the judged throughput, the p99 of one operation, or the CPU the stack
 * (database, app, load balancer, web) takes per user-second where the result rests.
 *
 * @param name as {@code --metric} spells it: peak, throughput, p99:OPERATION, cpu
 * @param operation the operation of p99; null for the others
 */
public record ExperimentMetric(String name, String operation) {

  public static final String PEAK = "peak";
  public static final String THROUGHPUT = "throughput";
  public static final String P99 = "p99";
  public static final String CPU = "cpu";

  /** The tiers of the stack under test; not the driver, not the rest of the machine. */
  static final Set<String> STACK_TIERS = Set.of("db", "app", "lb", "web");

  /**
   * {@code --metric}, checked against the variants' strategy; absent: the peak for findMax, else
   * the throughput.
   */
  public static ExperimentMetric parse(String text, Strategy strategy) {
    if (text == null) {
      return strategy == Strategy.FIND_MAX ? peak() : new ExperimentMetric(THROUGHPUT, null);
    }
    String spec = text.strip();
    ExperimentMetric metric;
    if (spec.startsWith(P99 + ":")) {
      String operation = spec.substring(P99.length() + 1).strip();
      try {
        OperationType.fromDisplayName(operation);
      } catch (IllegalArgumentException e) {
        throw new ConfigException(
            "--metric: unknown operation '"
                + operation
                + "' (e.g. p99:PlaceBid, p99:GetItemDetail)");
      }
      metric = new ExperimentMetric(P99, operation);
    } else if (Set.of(PEAK, THROUGHPUT, CPU).contains(spec)) {
      metric = new ExperimentMetric(spec, null);
    } else {
      throw new ConfigException(
          "--metric: must be peak, throughput, p99:OPERATION or cpu (got " + spec + ")");
    }
    boolean findMax = strategy == Strategy.FIND_MAX;
    if (metric.isPeak() != findMax) {
      throw new ConfigException(
          "--metric: "
              + metric.name
              + (findMax
                  ? " is taken at a fixed load, not with strategy findMax (use peak)"
                  : " needs strategy findMax (got " + strategy.configName() + ")"));
    }
    return metric;
  }

  static ExperimentMetric peak() {
    return new ExperimentMetric(PEAK, null);
  }

  /**
   * The metrics taken from the same runs beside this one, which decides: at a fixed load the
   * throughput and the stack's CPU (those of them this is not); none beside the peak, whose runs
   * rest on different loads. They share the rounds' pairing but not the stop rule.
   */
  public List<ExperimentMetric> alsoMeasured() {
    if (isPeak()) {
      return List.of();
    }
    return Stream.of(THROUGHPUT, CPU)
        .filter(other -> !other.equals(name))
        .map(other -> new ExperimentMetric(other, null))
        .toList();
  }

  /** As {@code --metric} spells it: peak, throughput, p99:PlaceBid, cpu. */
  public String key() {
    return operation == null ? name : name + ":" + operation;
  }

  public boolean isPeak() {
    return PEAK.equals(name);
  }

  /** Whether a higher value is the better one: peak and throughput yes, p99 and CPU no. */
  public boolean higherIsBetter() {
    return isPeak() || THROUGHPUT.equals(name);
  }

  /** "peak users", "throughput (ops/s)", "p99 PlaceBid (ms)", "stack CPU µs per user-second". */
  public String describe() {
    return switch (name) {
      case PEAK -> Headline.PEAK_USERS;
      case THROUGHPUT -> Headline.THROUGHPUT;
      case P99 -> "p99 " + operation + " (ms)";
      default -> "stack CPU µs per user-second";
    };
  }

  /** The run's value; null when the run gave none (it broke off, was stopped, or lacks it). */
  public Double valueOf(RunSummary summary) {
    if ("ERROR".equals(summary.outcome()) || "INTERRUPTED".equals(summary.outcome())) {
      return null;
    }
    return switch (name) {
      case PEAK -> Headline.of(summary).value();
      case THROUGHPUT -> Headline.judgedThroughput(summary.load());
      case P99 -> p99(summary.load());
      default -> stackCpu(summary);
    };
  }

  /** The worst instance's p99 of the operation in the judged period. */
  private Double p99(DriverSummary load) {
    Double worst = null;
    for (DriverSummary.Target target :
        load == null ? List.<DriverSummary.Target>of() : load.targets()) {
      for (OperationSummary op :
          target.operations() == null ? List.<OperationSummary>of() : target.operations()) {
        if (operation.equals(op.operation()) && op.count() > 0) {
          worst = Math.max(worst == null ? 0 : worst, op.p99Millis());
        }
      }
    }
    return worst;
  }

  /** CPU µs of the stack's tiers per user-second over the windows the result rests on. */
  private static Double stackCpu(RunSummary summary) {
    if (summary.cpu() == null || !summary.cpu().measured() || summary.cpu().peak() == null) {
      return null;
    }
    double cpuSeconds = 0;
    double userSeconds = 0;
    for (WindowCpu window : summary.cpu().peak()) {
      double stack =
          window.tiers().stream()
              .filter(tier -> STACK_TIERS.contains(tier.tier()))
              .mapToDouble(TierCpu::cpuSeconds)
              .sum();
      cpuSeconds += stack;
      userSeconds += (double) window.users() * window.wallSeconds();
    }
    return userSeconds > 0 && cpuSeconds > 0 ? cpuSeconds * 1e6 / userSeconds : null;
  }
}
