package dev.anemometer.driver.loadpath;

import java.util.OptionalInt;

/**
 * Runtime of {@link FindMaxLoadPathSpec}: lays the probes of a {@link FindMaxSearch} out in time.
 * Each probe starts where the previous one's QoS period ended, so the schedule is exact whatever
 * the delay before the verdict arrives.
 */
final class FindMaxLoadPathInstance implements LoadPathInstance {

  private final FindMaxLoadPathSpec spec;
  private final FindMaxSearch search;
  private long probeStartMillis;
  private int previousUsers;
  private int probeIndex;

  FindMaxLoadPathInstance(FindMaxLoadPathSpec spec) {
    this.spec = spec;
    this.search = new FindMaxSearch(spec);
  }

  FindMaxSearch search() {
    return search;
  }

  @Override
  public LoadPoint at(long elapsedMillis) {
    Probe probe = search.current();
    if (probe == null) {
      return LoadPoint.done();
    }
    long intoProbe = elapsedMillis - probeStartMillis;
    long rampMillis = rampMillis(probe);
    long warmEndMillis = rampMillis + warmUpMillis(probe);
    if (intoProbe < rampMillis) {
      int users = Arithmetic.interpolate(previousUsers, probe.users(), intoProbe, rampMillis);
      return LoadPoint.unjudged(users, LoadPhase.RAMP_UP);
    }
    if (intoProbe < warmEndMillis) {
      return LoadPoint.unjudged(probe.users(), LoadPhase.WARM_UP);
    }
    if (intoProbe < warmEndMillis + qosMillis(probe)) {
      LoadPhase phase = probe.kind() == Probe.Kind.INITIAL_STEP ? LoadPhase.STEP : LoadPhase.QOS;
      return new LoadPoint(probe.users(), phase, probeIndex, false);
    }
    return LoadPoint.unjudged(probe.users(), LoadPhase.AWAITING_VERDICT);
  }

  @Override
  public void windowJudged(int windowIndex, boolean passed) {
    Probe probe = search.current();
    if (probe == null || windowIndex != probeIndex) {
      return;
    }
    probeStartMillis += rampMillis(probe) + warmUpMillis(probe) + qosMillis(probe);
    previousUsers = probe.users();
    probeIndex++;
    search.verdict(passed);
  }

  @Override
  public OptionalInt peakUsers() {
    return search.finished() ? OptionalInt.of(search.peakUsers()) : OptionalInt.empty();
  }

  /**
   * Initial steps jump to their users, except the first: the servers start cold (no JIT, empty
   * caches and pools), so the first step ramps and warms up like a probe before it is judged.
   */
  private long rampMillis(Probe probe) {
    return laterInitialStep(probe) ? 0 : spec.probeRampUp().toMillis();
  }

  private long warmUpMillis(Probe probe) {
    return laterInitialStep(probe) ? 0 : spec.probeWarmUp().toMillis();
  }

  private boolean laterInitialStep(Probe probe) {
    return probe.kind() == Probe.Kind.INITIAL_STEP && probeIndex > 0;
  }

  private long qosMillis(Probe probe) {
    return probe.kind() == Probe.Kind.INITIAL_STEP
        ? spec.initialStepDuration().toMillis()
        : spec.probeQosPeriod().toMillis();
  }
}
