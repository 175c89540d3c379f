package dev.anemometer.harness.elasticity;

import dev.anemometer.harness.config.TierName;
import java.time.Duration;

/**
 * Failures a target can inject into one instance of a tier (SPEC §4.7). A target throws {@link
 * UnsupportedFaultException} for what it cannot do (a PostgreSQL it does not own), which the run
 * records as a skipped fault.
 */
public interface FaultTarget {

  /**
   * SIGKILL. An app server stays dead (the load balancer routes around it); a load balancer or
   * database that every request needs is started again at once, since that is what a supervisor
   * would do.
   */
  void kill(TierName tier, int instance, ChangeSteps steps) throws InterruptedException;

  /** Stops the instance cleanly, then starts it again with the same data and port. */
  void restart(TierName tier, int instance, ChangeSteps steps) throws InterruptedException;

  /**
   * SIGSTOP, then SIGCONT after {@code duration}: a stalled VM or a long GC pause. An interrupt
   * ends the pause early, and the instance is resumed whichever way the call ends.
   */
  void pause(TierName tier, int instance, Duration duration, ChangeSteps steps)
      throws InterruptedException;
}
