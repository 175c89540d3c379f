package dev.anemometer.driver.loadpath.simulation;

import dev.anemometer.driver.loadpath.LoadPathInstance;
import dev.anemometer.driver.loadpath.WindowVerdict;

/**
 * The driver's verdicts: a window the driver stalled in is invalid; any other passes when its worst
 * response-time and failure rule is within its limit.
 */
final class DriverSteering implements SimulatedSearch.Steering {

  @Override
  public void judged(LoadPathInstance path, int windowIndex, SimulatedSearch.ClosedWindow window) {
    WindowVerdict verdict =
        window.invalid()
            ? WindowVerdict.INVALID
            : window.worstLimitShare() <= 1 ? WindowVerdict.PASSED : WindowVerdict.FAILED;
    path.windowJudged(windowIndex, verdict, window.worstLimitShare());
  }
}
