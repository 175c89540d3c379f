package dev.anemometer.harness.elasticity;

import java.util.Map;

/**
 * Where a target reports the steps of one change or fault as they happen: {@code started}, {@code
 * ready}, {@code in-lb}, {@code draining}, {@code drained}, {@code stopped}, {@code killed}…
 */
@FunctionalInterface
public interface ChangeSteps {

  /**
   * A detail of a {@code killed} step: requests and parked long polls the load balancer had in
   * flight on the server just before, the most its loss may cost.
   */
  String IN_FLIGHT = "inFlight";

  void step(String state, Map<String, ?> details);

  default void step(String state) {
    step(state, Map.of());
  }
}
