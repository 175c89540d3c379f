package dev.anemometer.harness.elasticity;

import java.util.Map;

/**
 * Where a target reports the steps of one change or fault as they happen: {@code started}, {@code
 * ready}, {@code in-lb}, {@code draining}, {@code drained}, {@code stopped}, {@code killed}…
 */
@FunctionalInterface
public interface ChangeSteps {

  void step(String state, Map<String, ?> details);

  default void step(String state) {
    step(state, Map.of());
  }
}
