package dev.anemometer.harness.drive;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Ends a load early from outside it, with a reason: a tier that died makes the rest of the load
 * meaningless. The load driver registers how to stop itself; a stop asked before that registration
 * stops the load as soon as it registers.
 */
public final class LoadStop {

  private final List<Runnable> actions = new ArrayList<>();
  private String reason;

  /** Runs {@code action} on a stop, at once if the load was already asked to stop. */
  public void onStop(Runnable action) {
    boolean stopped;
    synchronized (this) {
      actions.add(action);
      stopped = reason != null;
    }
    if (stopped) {
      action.run();
    }
  }

  /** Asks the load to stop; the first reason stands. */
  public void stop(String why) {
    List<Runnable> toRun;
    synchronized (this) {
      if (reason != null) {
        return;
      }
      reason = why;
      toRun = List.copyOf(actions);
    }
    toRun.forEach(Runnable::run);
  }

  public synchronized Optional<String> reason() {
    return Optional.ofNullable(reason);
  }
}
