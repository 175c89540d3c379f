package dev.anemometer.harness.elasticity;

import dev.anemometer.driver.qos.QosSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What summary.json says under {@code elasticity} (each change with its steps, time to take effect
 * and the operations failed or slowed meanwhile; metrics per segment between changes; the
 * elasticity score of interval runs) and under {@code faults} (each fault with its recovery time
 * and cost).
 */
public record ElasticityResults(Map<String, Object> elasticity, List<Map<String, Object>> faults) {

  static ElasticityResults of(
      List<Change> changes,
      Map<String, List<IntervalSample>> samples,
      Timeline timeline,
      Map<String, Integer> maxInstances,
      QosSpec qos,
      String strategy) {
    List<Map<String, Object>> scaleChanges = new ArrayList<>();
    List<Map<String, Object>> faults = new ArrayList<>();
    for (int i = 0; i < changes.size(); i++) {
      Change change = changes.get(i);
      List<IntervalSample> target = samples.getOrDefault(change.targetId(), List.of());
      if (change.kind().equals("fault")) {
        long horizon = nextFault(changes, i, change.targetId());
        faults.add(fault(change, target, horizon));
      } else {
        scaleChanges.add(scale(change, target, previousEnd(changes, i), qos));
      }
    }
    Map<String, Object> elasticity = new LinkedHashMap<>();
    elasticity.put("headlines", ElasticityHeadlines.lines(scaleChanges, faults));
    elasticity.put("changes", scaleChanges);
    Map<String, Object> segments = new LinkedHashMap<>();
    Map<String, Object> scores = new LinkedHashMap<>();
    samples.forEach(
        (targetId, list) -> {
          List<Long> cuts =
              changes.stream()
                  .filter(c -> c.targetId().equals(targetId))
                  .map(c -> c.at(c.kind().equals("fault") ? "injected" : "requested"))
                  .filter(t -> t >= 0)
                  .sorted()
                  .toList();
          segments.put(
              targetId,
              SegmentMetrics.of(targetId, list, cuts, t -> timeline.at(targetId, t), qos));
          if (strategy.equals("interval") && maxInstances.containsKey(targetId)) {
            scores.put(
                targetId,
                ElasticityScore.of(
                    list, t -> timeline.at(targetId, t), maxInstances.get(targetId)));
          }
        });
    elasticity.put("segments", segments);
    if (!scores.isEmpty()) {
      elasticity.put("score", scores);
    }
    return new ElasticityResults(elasticity, faults);
  }

  /** The headline figures, one line each (also in summary.json under elasticity.headlines). */
  @SuppressWarnings("unchecked")
  public List<String> headlines() {
    return (List<String>) elasticity.getOrDefault("headlines", List.of());
  }

  private static long nextFault(List<Change> changes, int index, String targetId) {
    for (int j = index + 1; j < changes.size(); j++) {
      Change next = changes.get(j);
      if (next.kind().equals("fault") && next.targetId().equals(targetId)) {
        return next.at("injected");
      }
    }
    return Long.MAX_VALUE;
  }

  /** When the change or fault before change {@code index} on the same target ended, or 0. */
  private static long previousEnd(List<Change> changes, int index) {
    Change change = changes.get(index);
    for (int j = index - 1; j >= 0; j--) {
      Change before = changes.get(j);
      if (before.targetId().equals(change.targetId())) {
        return Math.max(0, before.lastOffset());
      }
    }
    return 0;
  }

  private static Map<String, Object> scale(
      Change change, List<IntervalSample> samples, long steadySinceMillis, QosSpec qos) {
    Map<String, Object> result = describe(change);
    long requested = change.at("requested");
    long done = change.at("done") >= 0 ? change.at("done") : change.lastOffset();
    result.put("timeToTakeEffectMillis", done - requested);
    if (change.at("in-lb") >= 0) {
      // the first new server's traffic: what a scale-up is for
      result.put("timeToTrafficMillis", change.at("in-lb") - requested);
    }
    long failed = 0;
    long slowed = 0;
    List<IntervalSample> during = new ArrayList<>();
    List<IntervalSample> steady = new ArrayList<>();
    for (IntervalSample sample : samples) {
      if (sample.endMillis() > requested && sample.startMillis() <= done) {
        failed += sample.failures();
        slowed += sample.slowed();
        during.add(sample);
      } else if (sample.startMillis() >= steadySinceMillis && sample.endMillis() <= requested) {
        steady.add(sample);
      }
    }
    result.put("failedOperations", failed);
    result.put("slowedOperations", slowed);
    // p99 while the change was under way beside the p99 of the steady state just before it, both
    // over the merged intervals and the worst operation judged on time
    result.put("p99MillisDuring", IntervalSample.worstP99Millis(during, qos));
    result.put("p99MillisSteady", IntervalSample.worstP99Millis(steady, qos));
    return result;
  }

  private static Map<String, Object> fault(
      Change change, List<IntervalSample> samples, long horizonMillis) {
    Map<String, Object> result = describe(change);
    if (change.at("skipped") >= 0) {
      return result;
    }
    // A kill takes effect when the process or container dies, which can come seconds after the
    // fault was due (a container's lookup and the balancer's count of what it has in flight).
    long killed = change.at("killed");
    long from = killed >= 0 ? killed : change.at("injected");
    Recovery recovery = Recovery.of(samples, from, horizonMillis);
    result.put("recoveryMillis", recovery.recoveryMillis());
    result.put("recovered", recovery.recoveryMillis() != null);
    result.put("failedOperations", recovery.failedOperations());
    result.put("slowedOperations", recovery.slowedOperations());
    change.steps().stream()
        .filter(step -> step.details().get(ChangeSteps.IN_FLIGHT) instanceof Number)
        .findFirst()
        .ifPresent(
            step -> result.put("inFlightAtFault", step.details().get(ChangeSteps.IN_FLIGHT)));
    return result;
  }

  private static Map<String, Object> describe(Change change) {
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("id", change.id());
    result.put("target", change.targetId());
    result.putAll(change.attributes());
    List<Map<String, Object>> steps = new ArrayList<>();
    for (Change.Step step : change.steps()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("state", step.state());
      entry.put("loadOffsetMillis", step.offsetMillis());
      entry.putAll(step.details());
      steps.add(entry);
    }
    result.put("steps", steps);
    return result;
  }
}
