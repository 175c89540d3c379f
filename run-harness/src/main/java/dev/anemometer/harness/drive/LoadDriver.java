package dev.anemometer.harness.drive;

/**
 * The load phase of a run: drives the deployed instances along their load paths and judges QoS. The
 * workload driver library plugs in here; the harness owns everything around it.
 */
@FunctionalInterface
public interface LoadDriver {

  LoadOutcome drive(LoadPlan plan) throws InterruptedException;
}
