package dev.anemometer.driver.output;

import dev.anemometer.driver.qos.QosRule;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.qos.RuleResult;
import dev.anemometer.driver.run.WindowResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Says, loudly and per window, when the mix and not capacity failed a window: the behaviour is off
 * its calibration, which is a defect of the benchmark to fix, not a limit of the platform.
 */
public final class CalibrationDefects {

  private CalibrationDefects() {}

  public static List<String> describe(List<WindowResult> windows) {
    List<String> defects = new ArrayList<>();
    for (WindowResult window : windows) {
      QosVerdict verdict = window.verdict();
      if (verdict.calibrationDefect()) {
        defects.add(describe(window, verdict));
      }
    }
    return defects;
  }

  private static String describe(WindowResult window, QosVerdict verdict) {
    List<String> mix =
        verdict.failures().stream()
            .filter(result -> result.rule() == QosRule.MIX)
            .map(RuleResult::message)
            .toList();
    return String.format(
        Locale.ROOT,
        "window %d at %d users failed on the mix alone (%s) with every response time and failure"
            + " rule within %.0f %% of its limit: a calibration defect of the behaviour, not"
            + " capacity",
        window.index() + 1,
        window.users(),
        String.join("; ", mix),
        QosVerdict.CALIBRATION_ROOM * 100);
  }
}
