package dev.anemometer.driver.loadpath;

import java.time.Duration;
import java.util.OptionalInt;

/**
 * Runtime of {@link FindMaxLoadPathSpec}: lays the probes of a {@link FindMaxSearch} out in time.
 * Each probe starts where the previous one's QoS period ended, so the schedule is exact whatever
 * the delay before the verdict arrives.
 */
final class FindMaxLoadPathInstance implements LoadPathInstance {

  /** The longest ramp of a hinted first step. */
  static final Duration MAX_FIRST_RAMP = Duration.ofMinutes(2);

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
  public void windowJudged(int windowIndex, WindowVerdict verdict) {
    Probe probe = search.current();
    if (probe == null || windowIndex != probeIndex) {
      return;
    }
    probeStartMillis += rampMillis(probe) + warmUpMillis(probe) + qosMillis(probe);
    previousUsers = probe.users();
    probeIndex++;
    search.verdict(verdict);
  }

  @Override
  public OptionalInt peakUsers() {
    return search.finished() ? OptionalInt.of(search.peakUsers()) : OptionalInt.empty();
  }

  /**
   * Later steps of the climb jump to their users. The first step ramps and warms up like a probe
   * before it is judged, because the servers start cold (no JIT, empty caches and pools); a hinted
   * first step far above one step ramps proportionally longer (at most {@link #MAX_FIRST_RAMP}), so
   * that its users do not all log in at once. A probe that repeats the previous user count (a
   * confirmation, a verification right after) is already at its steady state.
   */
  private long rampMillis(Probe probe) {
    if (laterInitialStep(probe) || repeatsPrevious(probe)) {
      return 0;
    }
    long ramp = spec.probeRampUp().toMillis();
    if (probeIndex == 0) {
      long steps = Math.max(1, Math.round((double) probe.users() / spec.initialStepUsers()));
      return Math.max(ramp, Math.min(MAX_FIRST_RAMP.toMillis(), ramp * steps));
    }
    return ramp;
  }

  private long warmUpMillis(Probe probe) {
    return laterInitialStep(probe) || repeatsPrevious(probe) ? 0 : spec.probeWarmUp().toMillis();
  }

  private boolean repeatsPrevious(Probe probe) {
    boolean again =
        probe.kind() == Probe.Kind.CONFIRMATION || probe.kind() == Probe.Kind.VERIFICATION;
    return again && probe.users() == previousUsers;
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
