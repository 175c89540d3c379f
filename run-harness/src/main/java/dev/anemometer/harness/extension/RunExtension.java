package dev.anemometer.harness.extension;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.results.RunSummary;
import java.util.List;

/**
 * A measurement or study that rides along one run: the platform record, CPU per tier, a soak,
 * elasticity and faults. The run calls its hooks in the order below and knows nothing else of it;
 * every hook does nothing unless the extension says otherwise. One instance serves one run, so an
 * extension keeps what it measured in its own fields.
 *
 * <p>A hook that throws breaks the run as a tier failure would (exit code 3); an extension whose
 * measurement can fail without spoiling the run catches that itself and says why in one line.
 */
public interface RunExtension {

  /** Before any tier starts, while the machine is still the run's alone. */
  default void beforeDeploy() {}

  /** The tiers serve; the load has not started. */
  default void deployed(DeployedStack stack) {}

  /**
   * What listens to the load for this extension. {@code driver} names the driver's own processes
   * once they start (worker JVMs), for whatever measures this host.
   */
  default List<RunListener> duringLoad(DeployedStack stack, DriverProcesses driver) {
    return List.of();
  }

  /** The load has ended, passed, failed or broken off: stop what watched it. */
  default void afterLoad() throws InterruptedException {}

  /** The tiers have stopped; not called when the run was interrupted (the process is ending). */
  default void afterStop() {}

  /**
   * The summary with this extension's part of it, from what it has so far. Also called from the
   * interrupt hook's thread when Ctrl-C comes first, so it reads what other hooks wrote through
   * fields that are safe to read across threads.
   */
  default RunSummary summarize(RunSummary summary) {
    return summary;
  }
}
