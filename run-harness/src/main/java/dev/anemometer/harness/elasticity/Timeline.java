package dev.anemometer.harness.elasticity;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/** Servers in each target's scalable tier over time, from the start of the load. */
final class Timeline {

  private final Map<String, NavigableMap<Long, Integer>> counts = new ConcurrentHashMap<>();

  synchronized void set(String targetId, long offsetMillis, int instances) {
    counts
        .computeIfAbsent(targetId, id -> new TreeMap<>())
        .put(Math.max(0, offsetMillis), instances);
  }

  synchronized int at(String targetId, long offsetMillis) {
    NavigableMap<Long, Integer> series = counts.get(targetId);
    if (series == null || series.isEmpty()) {
      return 1;
    }
    Map.Entry<Long, Integer> entry = series.floorEntry(offsetMillis);
    return entry == null ? series.firstEntry().getValue() : entry.getValue();
  }
}
