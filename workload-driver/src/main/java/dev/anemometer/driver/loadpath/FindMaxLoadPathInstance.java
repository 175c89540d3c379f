package dev.anemometer.driver.loadpath;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Runtime of {@link FindMaxLoadPathSpec}: lays the probes of a {@link FindMaxSearch} out in time.
 * Each probe starts where the previous one's window ended, so the schedule is exact whatever the
 * delay before the verdict arrives.
 *
 * <p>A probe is a drain (after any window that did not pass), a ramp, a warm-up and a judged
 * window. The first step ramps and warms up the cold stack; each later step ramps in its own
 * window, so that the climb is one ramp judged window by window; a probe at the users of a window
 * that just passed is judged at once.
 */
final class FindMaxLoadPathInstance implements LoadPathInstance {

  /** The longest ramp of a first step far above one step (a hinted climb). */
  static final Duration MAX_FIRST_RAMP = Duration.ofMinutes(2);

  /** How long the load drops after a window that did not pass, at least. */
  static final Duration DRAIN = Duration.ofSeconds(20);

  /** How long a drain may stretch while the stack is still seen overloaded. */
  static final Duration MAX_DRAIN = Duration.ofSeconds(90);

  /**
   * The users during a drain, in percent of the lower of the two probes' users, before any halving
   * ({@link Drain}).
   */
  static final int DRAIN_PERCENT = 70;

  /**
   * A probe whose stack is seen clearly beyond its limits (some rule past twice its limit) for this
   * long without a break ends there, as a failure: the rest of its window would only deepen the
   * overload that the next probe then has to drain.
   */
  static final Duration COLLAPSE = Duration.ofSeconds(30);

  /** The shortest warm-up of a probe after the first (a drained stack settles). */
  static final Duration MIN_WARM_UP = Duration.ofSeconds(5);

  /** The shortest ramp of a probe that moves the users at all. */
  static final Duration MIN_PROBE_RAMP = Duration.ofSeconds(5);

  private final FindMaxLoadPathSpec spec;
  private final FindMaxSearch search;
  private long probeStartMillis;
  private int previousUsers;
  private boolean previousPassed;
  private int probeIndex;
  private final Drain drain = new Drain();
  // Since when every watch of the current probe's window found it clearly beyond its limits (-1:
  // the last one did not), and when the probe was cut short (-1: it was not).
  private long collapsedSinceMillis = -1;
  private long cutAtMillis = -1;

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
    if (cutAtMillis >= 0) {
      return LoadPoint.unjudged(probe.users(), LoadPhase.AWAITING_VERDICT);
    }
    long drainMillis = drainMillis();
    long intoProbe = elapsedMillis - probeStartMillis - drainMillis;
    if (intoProbe < 0) {
      return LoadPoint.unjudged(drainUsers(probe), LoadPhase.RAMP_DOWN);
    }
    drain.end();
    long rampMillis = rampMillis(probe);
    long warmEndMillis = rampMillis + warmUpMillis(probe);
    if (intoProbe < rampMillis) {
      int users = Arithmetic.interpolate(rampFrom(probe), probe.users(), intoProbe, rampMillis);
      return LoadPoint.unjudged(users, LoadPhase.RAMP_UP);
    }
    if (intoProbe < warmEndMillis) {
      return LoadPoint.unjudged(probe.users(), LoadPhase.WARM_UP);
    }
    long qosMillis = qosMillis(probe);
    if (intoProbe < warmEndMillis + qosMillis) {
      LoadPhase phase = probe.isStep() ? LoadPhase.STEP : LoadPhase.QOS;
      int users =
          rampsInItsWindow(probe)
              ? Arithmetic.interpolate(
                  previousUsers, probe.users(), intoProbe - warmEndMillis, qosMillis)
              : probe.users();
      return new LoadPoint(users, phase, probeIndex, false);
    }
    return LoadPoint.unjudged(probe.users(), LoadPhase.AWAITING_VERDICT);
  }

  @Override
  public void windowJudged(int windowIndex, WindowVerdict verdict, double worstLimitShare) {
    Probe probe = search.current();
    if (probe == null || windowIndex != probeIndex) {
      return;
    }
    boolean cut = cutAtMillis >= 0;
    probeStartMillis =
        cut
            ? cutAtMillis
            : probeStartMillis
                + drainMillis()
                + rampMillis(probe)
                + warmUpMillis(probe)
                + qosMillis(probe);
    WindowVerdict steering = cut ? WindowVerdict.FAILED : verdict;
    previousUsers = probe.users();
    previousPassed = steering == WindowVerdict.PASSED;
    probeIndex++;
    drain.reset();
    collapsedSinceMillis = -1;
    cutAtMillis = -1;
    search.verdict(steering, cut ? Double.POSITIVE_INFINITY : worstLimitShare);
  }

  @Override
  public boolean watchesRampDown() {
    return true;
  }

  @Override
  public boolean watchesWindows() {
    return true;
  }

  /**
   * Cuts a probe short once every watch of its judged window for {@link #COLLAPSE} found the stack
   * clearly beyond its limits. Steps are short already and judged whole.
   */
  @Override
  public void windowObserved(
      int windowIndex, long fromMillis, long toMillis, boolean clearlyBeyondLimits) {
    Probe probe = search.current();
    if (probe == null || windowIndex != probeIndex || probe.isStep() || cutAtMillis >= 0) {
      return;
    }
    if (!clearlyBeyondLimits) {
      collapsedSinceMillis = -1;
      return;
    }
    if (collapsedSinceMillis < 0) {
      collapsedSinceMillis = fromMillis;
    }
    if (toMillis - collapsedSinceMillis >= COLLAPSE.toMillis()) {
      cutAtMillis = toMillis;
    }
  }

  @Override
  public void loadObserved(long fromMillis, long toMillis, boolean withinLimits) {
    if (search.current() != null && drains() && fromMillis >= probeStartMillis) {
      drain.observed(fromMillis, toMillis, withinLimits, probeStartMillis);
    }
  }

  @Override
  public int windowUsers(int windowIndex, int lastUsers) {
    Probe probe = search.current();
    return probe != null && windowIndex == probeIndex ? probe.users() : lastUsers;
  }

  @Override
  public OptionalInt peakUsers() {
    return search.finished() ? OptionalInt.of(search.peakUsers()) : OptionalInt.empty();
  }

  @Override
  public Optional<Bracket> bracket() {
    return search.finished() ? Optional.of(search.bracket()) : Optional.empty();
  }

  @Override
  public boolean endedInvalid() {
    return search.endedInvalid();
  }

  /** After any window that did not pass (failed, or invalid), the next probe starts drained. */
  private boolean drains() {
    return probeIndex > 0 && !previousPassed;
  }

  private long drainMillis() {
    return drains() ? drain.lengthMillis() : 0;
  }

  /** The drain's users: {@value #DRAIN_PERCENT} % of the lower count, halved while not draining. */
  private int drainUsers(Probe probe) {
    long users = (long) Math.min(previousUsers, probe.users()) * DRAIN_PERCENT / 100;
    return (int) Math.max(1, users >> drain.halvings());
  }

  private int rampFrom(Probe probe) {
    return probeIndex == 0 ? 0 : drains() ? drainUsers(probe) : previousUsers;
  }

  /**
   * The first step ramps over a probe's ramp-up, proportionally longer for a first step of several
   * steps' users (at most {@link #MAX_FIRST_RAMP}); a later step ramps in its own window; any other
   * probe brings its users in at the climb's pace (a step's users per ramp-up), over at least
   * {@link #MIN_PROBE_RAMP} and at most a ramp-up.
   */
  private long rampMillis(Probe probe) {
    long ramp = spec.probeRampUp().toMillis();
    if (probeIndex == 0) {
      long steps = Math.max(1, Math.round((double) probe.users() / spec.initialStepUsers()));
      return Math.max(ramp, Math.min(MAX_FIRST_RAMP.toMillis(), ramp * steps));
    }
    if (rampsInItsWindow(probe)) {
      return 0;
    }
    long moved = Math.abs(probe.users() - rampFrom(probe));
    if (moved == 0) {
      return 0;
    }
    long paced = ramp * moved / spec.initialStepUsers();
    return Math.min(ramp, Math.max(Math.min(ramp, MIN_PROBE_RAMP.toMillis()), paced));
  }

  /**
   * The warm-up lets the sessions of the users a probe brings start and join their auctions, and a
   * drained stack settle. Their arrival's work is in proportion to their number, so a probe that
   * brings fewer users than a step warms up for that share of a warm-up, at least {@link
   * #MIN_WARM_UP}. A probe at the users of a window that just passed is in its steady state
   * already; a later step of the climb is judged as it ramps; the first probe warms a cold stack.
   */
  private long warmUpMillis(Probe probe) {
    boolean steady = probeIndex > 0 && previousPassed && probe.users() == previousUsers;
    if (rampsInItsWindow(probe) || steady) {
      return 0;
    }
    long warm = spec.probeWarmUp().toMillis();
    if (probeIndex == 0) {
      return warm;
    }
    long brought = Math.max(0, probe.users() - rampFrom(probe));
    long scaled = warm * brought / spec.initialStepUsers();
    return Math.min(warm, Math.max(MIN_WARM_UP.toMillis(), scaled));
  }

  /** A later step of the climb after a window that passed brings its users in while judged. */
  private boolean rampsInItsWindow(Probe probe) {
    return probe.isStep() && probeIndex > 0 && !drains();
  }

  /**
   * A step's window is short (a ramping step's lasts its ramp, at least a step); a probe's narrows
   * the search; a verification's, longer, is the one the answer rests on.
   */
  private long qosMillis(Probe probe) {
    if (rampsInItsWindow(probe)) {
      return Math.max(spec.initialStepDuration().toMillis(), spec.probeRampUp().toMillis());
    }
    return switch (probe.kind()) {
      case STEP -> spec.initialStepDuration().toMillis();
      case PROBE -> spec.probeQosPeriod().toMillis();
      case VERIFICATION -> spec.verificationQosPeriod().toMillis();
    };
  }
}
