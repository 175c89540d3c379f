package dev.anemometer.driver.qos;

import java.util.Locale;

/**
 * The {@link QosRule#HEADROOM} rule of a findMax search on a machine it shares with the stack: the
 * window left at least {@code minIdlePercent} of the machine's CPU idle. Near the last few percent
 * of the cores, response times go from hundreds of milliseconds to seconds on chance queueing, and
 * a window that passed there fails when run again (decision 0013).
 *
 * @param minIdlePercent the least idle share of the machine's CPU, in percent; 0: the rule is off
 */
public record Headroom(double minIdlePercent) {

  public static final Headroom OFF = new Headroom(0);

  public Headroom {
    if (!(minIdlePercent >= 0 && minIdlePercent < 100)) {
      throw new IllegalArgumentException(
          "minIdlePercent: must be >= 0 and < 100, was " + minIdlePercent);
    }
  }

  public boolean on() {
    return minIdlePercent > 0;
  }

  /** The rule applied to a window that left {@code idlePercent} of the machine idle. */
  public RuleResult judge(double idlePercent) {
    return result(idlePercent, "");
  }

  /**
   * The rule applied to the idle share that a line through {@code windows} probe windows puts at
   * this window's users; {@code ownIdlePercent} is what this window alone left, for the record.
   */
  public RuleResult judgeFitted(double fittedIdlePercent, double ownIdlePercent, int windows) {
    // A line through the probes can put more work at a count than the machine has: none is idle.
    return result(
        Math.max(0, fittedIdlePercent),
        String.format(
            Locale.ROOT, "fitted over %d windows, this one %.1f %%", windows, ownIdlePercent));
  }

  private RuleResult result(double idlePercent, String how) {
    boolean passed = !(idlePercent < minIdlePercent);
    StringBuilder message =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "machine idle %.1f %% %s %s %%",
                idlePercent,
                passed ? ">=" : "<",
                QosJudge.number(minIdlePercent)));
    if (!passed || !how.isEmpty()) {
      message.append(" (");
      message.append(passed ? "" : "no headroom");
      message.append(!passed && !how.isEmpty() ? "; " : "");
      message.append(how);
      message.append(')');
    }
    return new RuleResult(null, QosRule.HEADROOM, passed, message.toString());
  }
}
