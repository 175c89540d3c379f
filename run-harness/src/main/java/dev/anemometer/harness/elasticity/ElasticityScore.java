package dev.anemometer.harness.elasticity;

import java.util.List;
import java.util.function.LongToIntFunction;

/**
 * How well the provided capacity followed the load: the demand at each interval is the servers its
 * users need at {@code usersPerServer} (the peak users over the largest size, the capacity the
 * schedule or policy was designed around), and the score is 1 − Σ|provided − demand|·dt / Σ
 * max(provided, demand)·dt: 1 when capacity tracked demand exactly, lower for both waste and
 * shortage, which are also given separately in server-seconds.
 */
public record ElasticityScore(
    double score,
    double usersPerServer,
    double underProvisionedServerSeconds,
    double overProvisionedServerSeconds) {

  public static ElasticityScore of(
      List<IntervalSample> samples, LongToIntFunction instancesAt, int maxInstances) {
    int peakUsers = samples.stream().mapToInt(IntervalSample::users).max().orElse(0);
    double usersPerServer = Math.max(1.0, (double) peakUsers / Math.max(1, maxInstances));
    double gap = 0;
    double total = 0;
    double under = 0;
    double over = 0;
    for (IntervalSample sample : samples) {
      double seconds = (sample.endMillis() - sample.startMillis()) / 1_000.0;
      int provided = instancesAt.applyAsInt((sample.startMillis() + sample.endMillis()) / 2);
      int demand = Math.max(1, (int) Math.ceil(sample.users() / usersPerServer));
      gap += Math.abs(provided - demand) * seconds;
      total += Math.max(provided, demand) * seconds;
      under += Math.max(0, demand - provided) * seconds;
      over += Math.max(0, provided - demand) * seconds;
    }
    double score = total == 0 ? 1 : 1 - gap / total;
    return new ElasticityScore(score, usersPerServer, under, over);
  }
}
