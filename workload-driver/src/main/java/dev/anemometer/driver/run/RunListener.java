package dev.anemometer.driver.run;

import dev.anemometer.driver.loadpath.LoadPhase;

/** Events of a run, for live status and output. Called on the run's thread; keep them quick. */
public interface RunListener {

  default void onStart(RunSpec spec) {}

  default void onUsersChanged(String targetId, long elapsedMillis, int users, LoadPhase phase) {}

  default void onStatus(StatusReport report) {}

  default void onWindow(WindowResult window) {}

  default void onFinish(RunResult result) {}
}
