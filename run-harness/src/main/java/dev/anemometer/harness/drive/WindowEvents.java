package dev.anemometer.harness.drive;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.harness.json.EventLog;
import java.util.Map;

/** Each judged window (QoS period, segment, findMax probe) as an event of the run. */
final class WindowEvents implements RunListener {

  private final EventLog events;

  WindowEvents(EventLog events) {
    this.events = events;
  }

  @Override
  public void onWindow(WindowResult window) {
    events.record(
        "window",
        window.targetId(),
        Map.of(
            "index", window.index(),
            "startMillis", window.startMillis(),
            "endMillis", window.endMillis(),
            "users", window.users(),
            "passed", window.verdict().passed(),
            "valid", window.verdict().valid(),
            "failures", window.verdict().failureMessages(),
            "invalidReasons", window.verdict().invalidReasons()));
  }
}
