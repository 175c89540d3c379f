package dev.anemometer.harness.elasticity;

import dev.anemometer.harness.json.EventLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * One elasticity change or fault as it happens: every step goes to {@code events.jsonl} at once
 * (type {@code elasticity} or {@code fault}) and is kept, with its offset from the start of the
 * load, for the metrics at the end.
 */
final class Change implements ChangeSteps {

  /** One step: its state and when it happened, from the start of the load. */
  record Step(String state, long offsetMillis, Map<String, Object> details) {}

  private final String kind;
  private final String id;
  private final String targetId;
  private final Map<String, Object> attributes;
  private final EventLog events;
  private final LongSupplier loadMillis;
  private final List<Step> steps = new ArrayList<>();

  Change(
      String kind,
      String id,
      String targetId,
      Map<String, Object> attributes,
      EventLog events,
      LongSupplier loadMillis) {
    this.kind = kind;
    this.id = id;
    this.targetId = targetId;
    this.attributes = Map.copyOf(attributes);
    this.events = events;
    this.loadMillis = loadMillis;
  }

  @Override
  public void step(String state, Map<String, ?> details) {
    long offset = loadMillis.getAsLong();
    Map<String, Object> event = new LinkedHashMap<>();
    event.put("change", id);
    event.put("state", state);
    event.put("loadOffsetMillis", offset);
    event.putAll(attributes);
    event.putAll(details);
    events.record(kind, targetId, event);
    synchronized (this) {
      steps.add(new Step(state, offset, new LinkedHashMap<>(details)));
    }
  }

  String kind() {
    return kind;
  }

  String id() {
    return id;
  }

  String targetId() {
    return targetId;
  }

  Map<String, Object> attributes() {
    return attributes;
  }

  synchronized List<Step> steps() {
    return List.copyOf(steps);
  }

  /** When the first step with this state happened, or -1. */
  synchronized long at(String state) {
    return steps.stream()
        .filter(s -> s.state().equals(state))
        .mapToLong(Step::offsetMillis)
        .findFirst()
        .orElse(-1);
  }

  synchronized long lastOffset() {
    return steps.isEmpty() ? -1 : steps.get(steps.size() - 1).offsetMillis();
  }
}
