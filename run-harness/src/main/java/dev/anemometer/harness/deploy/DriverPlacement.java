package dev.anemometer.harness.deploy;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.json.EventLog;

/**
 * How a target keeps the driver's share of this host while the load runs, where the driver and the
 * tiers share it: the driver's own cores, the tiers at a lower precedence. The run enters it just
 * before the load and leaves it right after, whatever the load's end.
 */
public interface DriverPlacement {

  /** A target whose tiers do not share this host with the driver. */
  DriverPlacement NONE =
      new DriverPlacement() {
        @Override
        public void enter(Console console, EventLog events) {}

        @Override
        public void leave(Console console) {}
      };

  /** Takes the driver's cores and lowers the tiers, saying so on the console and on record. */
  void enter(Console console, EventLog events);

  /** Gives the cores back; a failure to is said, not thrown: the load's outcome matters more. */
  void leave(Console console);
}
