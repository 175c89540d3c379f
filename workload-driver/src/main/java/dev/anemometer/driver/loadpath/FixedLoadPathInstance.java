package dev.anemometer.driver.loadpath;

/** Runtime of {@link FixedLoadPathSpec}: pure arithmetic on the elapsed time. */
final class FixedLoadPathInstance implements LoadPathInstance {

  private final FixedLoadPathSpec spec;
  private final long rampUpMillis;
  private final long warmUpEndMillis;
  private final long qosPeriodMillis;
  private final long qosEndMillis;
  private final long rampDownMillis;

  FixedLoadPathInstance(FixedLoadPathSpec spec) {
    this.spec = spec;
    this.rampUpMillis = spec.rampUp().toMillis();
    this.warmUpEndMillis = rampUpMillis + spec.warmUp().toMillis();
    this.qosPeriodMillis = spec.qosPeriod().toMillis();
    this.qosEndMillis = warmUpEndMillis + qosPeriodMillis * spec.qosPeriods();
    this.rampDownMillis = spec.rampDown().toMillis();
  }

  @Override
  public LoadPoint at(long elapsedMillis) {
    int users = spec.users();
    if (elapsedMillis < rampUpMillis) {
      return LoadPoint.unjudged(
          Arithmetic.interpolate(0, users, elapsedMillis, rampUpMillis), LoadPhase.RAMP_UP);
    }
    if (elapsedMillis < warmUpEndMillis) {
      return LoadPoint.unjudged(users, LoadPhase.WARM_UP);
    }
    if (elapsedMillis < qosEndMillis) {
      int period = (int) ((elapsedMillis - warmUpEndMillis) / qosPeriodMillis);
      return new LoadPoint(users, LoadPhase.QOS, period, false);
    }
    long intoRampDown = elapsedMillis - qosEndMillis;
    if (intoRampDown < rampDownMillis) {
      return LoadPoint.unjudged(
          Arithmetic.interpolate(users, 0, intoRampDown, rampDownMillis), LoadPhase.RAMP_DOWN);
    }
    return LoadPoint.done();
  }

  @Override
  public void windowJudged(int windowIndex, WindowVerdict verdict, double worstLimitShare) {
    // The verdicts are the run's result; a fixed path does not change course on them.
  }
}
