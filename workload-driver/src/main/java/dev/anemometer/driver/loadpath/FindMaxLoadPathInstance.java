package dev.anemometer.driver.loadpath;

import dev.anemometer.driver.qos.BusyFit;
import dev.anemometer.driver.qos.Headroom;
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

  /** How long the load drops before a probe that follows a failed window, at least. */
  static final Duration RECOVERY = Duration.ofSeconds(20);

  /**
   * How long a recovery may stretch while the stack is still seen overloaded, or not long drained.
   */
  static final Duration MAX_RECOVERY = Duration.ofSeconds(90);

  /** The users during a recovery, in percent of the lower of the two probes' users. */
  static final int RECOVERY_PERCENT = 80;

  /** The users during a recovery after a clear failure or a collapse: a deeper backlog to drain. */
  static final int DEEP_RECOVERY_PERCENT = 70;

  /**
   * A probe whose stack is seen clearly beyond its limits (some rule past twice its limit) for this
   * long without a break ends there, as a clear failure: the rest of its window would only deepen
   * the overload that the next probe then has to drain (session 24: two probes after an overload
   * failed with p99s of 6-8 s, and the search ended 7 % below the run before it).
   */
  static final Duration COLLAPSE = Duration.ofSeconds(30);

  /**
   * The shortest ramp of a probe, however few users it moves: a move of the precision, 2.5 %, near
   * a peak of 2,300 users brings 57 users in at 11 a second, under the climb's pace of 17.
   */
  static final Duration MIN_PROBE_RAMP = Duration.ofSeconds(5);

  /** A move of at most this share of the users warms up for a third as long after a pass. */
  static final int SMALL_MOVE_PERCENT = 5;

  private final FindMaxLoadPathSpec spec;
  private final FindMaxSearch search;
  private long probeStartMillis;
  private int previousUsers;
  private boolean previousWithinLimits;
  private boolean previousClearlyFailed;
  private boolean previousRampedInItsWindow;
  private int probeIndex;
  // The current probe's recovery: its length so far, whether a watch saw the stack overloaded and
  // it has not stayed within its limits for a whole RECOVERY since, when the watches began to find
  // it within its limits again (-1: the last one did not), and whether the probe has begun (the
  // length is then fixed).
  private long recoveryLengthMillis = RECOVERY.toMillis();
  private boolean stillOverloaded;
  private long drainedSinceMillis = -1;
  private boolean recoveryOver;
  // The current probe's watch for a collapse: since when every cut was clearly beyond its limits
  // (-1: the last one was not), and when the probe was cut short (-1: it was not).
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
  public boolean watchesRampDown() {
    return true;
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
    long recoveryMillis = recoveryMillis(probe);
    long intoProbe = elapsedMillis - probeStartMillis - recoveryMillis;
    if (intoProbe < 0) {
      return LoadPoint.unjudged(recoveryUsers(probe), LoadPhase.RAMP_DOWN);
    }
    recoveryOver = true;
    long rampMillis = rampMillis(probe);
    long warmEndMillis = rampMillis + warmUpMillis(probe);
    if (intoProbe < rampMillis) {
      int from = recoveryMillis > 0 ? recoveryUsers(probe) : previousUsers;
      int users = Arithmetic.interpolate(from, probe.users(), intoProbe, rampMillis);
      return LoadPoint.unjudged(users, LoadPhase.RAMP_UP);
    }
    if (intoProbe < warmEndMillis) {
      return LoadPoint.unjudged(probe.users(), LoadPhase.WARM_UP);
    }
    if (intoProbe < warmEndMillis + qosMillis(probe)) {
      LoadPhase phase = probe.isStep() ? LoadPhase.STEP : LoadPhase.QOS;
      int users =
          rampsInItsWindow(probe)
              ? Arithmetic.interpolate(
                  previousUsers, probe.users(), intoProbe - warmEndMillis, qosMillis(probe))
              : probe.users();
      return new LoadPoint(users, phase, probeIndex, false);
    }
    return LoadPoint.unjudged(probe.users(), LoadPhase.AWAITING_VERDICT);
  }

  @Override
  public void windowJudged(int windowIndex, WindowVerdict verdict, double successesPerSecond) {
    windowJudged(windowIndex, verdict, successesPerSecond, Double.NaN);
  }

  @Override
  public void windowJudged(
      int windowIndex, WindowVerdict verdict, double successesPerSecond, double busyPercent) {
    Probe probe = search.current();
    if (probe == null || windowIndex != probeIndex) {
      return;
    }
    boolean cut = cutAtMillis >= 0;
    WindowVerdict steering = cut ? WindowVerdict.FAILED : verdict;
    double rate = successesPerSecond;
    if (rampsInItsWindow(probe) && previousUsers + probe.users() > 0) {
      // The climb compares rates per user: a ramping step ran at its mean users, not its last.
      rate = successesPerSecond * 2 * probe.users() / (previousUsers + probe.users());
    }
    probeStartMillis =
        cut
            ? cutAtMillis
            : probeStartMillis
                + recoveryMillis(probe)
                + rampMillis(probe)
                + warmUpMillis(probe)
                + qosMillis(probe);
    previousUsers = probe.users();
    previousWithinLimits = steering.withinLimits();
    previousClearlyFailed = steering == WindowVerdict.FAILED;
    previousRampedInItsWindow = rampsInItsWindow(probe);
    probeIndex++;
    recoveryLengthMillis = RECOVERY.toMillis();
    stillOverloaded = false;
    drainedSinceMillis = -1;
    recoveryOver = false;
    collapsedSinceMillis = -1;
    cutAtMillis = -1;
    search.verdict(steering, rate, cut ? Double.NaN : busyPercent);
  }

  @Override
  public Headroom headroom() {
    return spec.headroom();
  }

  @Override
  public BusyFit busyFit() {
    return search.busyFit();
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

  /**
   * A recovery lasts {@link #RECOVERY} unless a watch inside it sees the stack still overloaded:
   * then it lasts until the watches have found it within its limits for a whole {@link #RECOVERY}
   * in a row, at most {@link #MAX_RECOVERY}. One quiet watch is not enough: after an overload the
   * users whose requests failed or fell behind start over together, and their wave comes back
   * (session 39: 5,600 users dropped to 4,400; the first 10 s after the drop were overloaded, the
   * next 10 s within every limit, and the 30 s after that failed again, with home page and login
   * p99s of 6-10 s and 2,000-4,500 failures per 10 s, before the stack held for good).
   */
  @Override
  public void loadObserved(long fromMillis, long toMillis, boolean withinLimits) {
    Probe probe = search.current();
    if (probe == null || recoveryOver || !recovers(probe) || fromMillis < probeStartMillis) {
      return;
    }
    if (!withinLimits) {
      stillOverloaded = true;
      drainedSinceMillis = -1;
      return;
    }
    if (!stillOverloaded) {
      return;
    }
    if (drainedSinceMillis < 0) {
      drainedSinceMillis = fromMillis;
    }
    if (toMillis - drainedSinceMillis >= RECOVERY.toMillis()) {
      stillOverloaded = false;
      recoveryLengthMillis =
          Math.max(
              RECOVERY.toMillis(), Math.min(MAX_RECOVERY.toMillis(), toMillis - probeStartMillis));
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

  /**
   * After a window whose capacity did not hold, the stack may be stuck in its overload: failed
   * users start over with a login, queues stay full, and the next probe would measure the
   * aftermath, not its own load (a stack that passes 4,250 users from a quiet start stayed at
   * minutes of latency for 4 minutes at 4,250 after a failed step at 4,500). The next probe first
   * drops to {@value #RECOVERY_PERCENT} % of its users for {@link #RECOVERY}, longer while the
   * stack is seen overloaded still (see {@link #loadObserved}), so that every probe starts from a
   * stack that drained. A window that failed on its headroom alone kept every response time within
   * its limit: it left nothing to drain.
   */
  private long recoveryMillis(Probe probe) {
    if (!recovers(probe)) {
      return 0;
    }
    return stillOverloaded ? MAX_RECOVERY.toMillis() : recoveryLengthMillis;
  }

  private boolean recovers(Probe probe) {
    return probeIndex > 0
        && !previousWithinLimits
        && (!laterStep(probe) || repeatsARampThatBrokeItsLimits(probe));
  }

  /**
   * The repeat of a step whose ramp failed its response times or failures recovers like a probe:
   * judged at once, it measured the ramp's aftermath, not its users (session 41: two 2,500-3,000
   * ramps failed on p99s at 92-93 % busy, their repeats at once read 97.6 % and 99.9 % and failed,
   * and the climbs ended there, where probes later held 3,000 users at 83-86 % and peaks of 3,372
   * and 3,399). A repeat after a ramp that held, or left no headroom, kept every limit: it starts
   * at once as before.
   */
  private boolean repeatsARampThatBrokeItsLimits(Probe probe) {
    return probe.kind() == Probe.Kind.STEP_REPEAT && previousRampedInItsWindow;
  }

  private int recoveryUsers(Probe probe) {
    int percent = previousClearlyFailed ? DEEP_RECOVERY_PERCENT : RECOVERY_PERCENT;
    return (int) Math.max(1, (long) Math.min(previousUsers, probe.users()) * percent / 100);
  }

  /**
   * The first step ramps and warms up like a probe, because the servers start cold (no JIT, empty
   * caches and pools); a hinted first step far above one step ramps proportionally longer (at most
   * {@link #MAX_FIRST_RAMP}). A later step ramps in its own judged window ({@link
   * #rampsInItsWindow}), and a step's repeat is judged at once, unless its ramp broke its limits
   * (it recovers, then ramps and warms up like a probe). A probe that repeats the previous user
   * count (a confirmation, a verification right after) is already at its steady state.
   */
  private long rampMillis(Probe probe) {
    long ramp = spec.probeRampUp().toMillis();
    if (recoveryMillis(probe) > 0) {
      return ramp;
    }
    if (laterStep(probe)) {
      return 0;
    }
    if (repeatsPrevious(probe)) {
      return 0;
    }
    if (probeIndex == 0) {
      long steps = Math.max(1, Math.round((double) probe.users() / spec.initialStepUsers()));
      return Math.max(ramp, Math.min(MAX_FIRST_RAMP.toMillis(), ramp * steps));
    }
    // The users a probe adds arrive at the climb's pace (a step's users per ramp): a move of a few
    // percent needs seconds, not a full ramp.
    long paced = ramp * Math.abs(probe.users() - previousUsers) / spec.initialStepUsers();
    return Math.min(ramp, Math.max(Math.min(ramp, MIN_PROBE_RAMP.toMillis()), paced));
  }

  /**
   * The warm-up lets the sessions of the users a probe adds start and join their auctions. After a
   * window within its limits (held, or failed on its headroom alone), a move of at most {@value
   * #SMALL_MOVE_PERCENT} % adds few new sessions: a third of the warm-up is enough. What the new
   * users cost beyond their steady share lands 10-60 s after they arrive (session 43: joins peaked
   * 10-30 s after a ramp, long polls 30-60 s after), so no warm-up short of a minute keeps it out
   * of the window; a small move's share of it is small, and a longer wait only costs time (a search
   * makes five or six such moves). After a failed window the full warm-up also lets the backlog of
   * the overload drain.
   */
  private long warmUpMillis(Probe probe) {
    boolean atOnce = laterStep(probe) || repeatsPrevious(probe);
    if (atOnce && recoveryMillis(probe) == 0) {
      return 0;
    }
    long warmUp = spec.probeWarmUp().toMillis();
    boolean smallMove =
        probeIndex > 0
            && Math.abs(probe.users() - previousUsers) * 100L <= SMALL_MOVE_PERCENT * previousUsers;
    return smallMove && previousWithinLimits ? warmUp / 3 : warmUp;
  }

  private boolean repeatsPrevious(Probe probe) {
    boolean again =
        probe.kind() == Probe.Kind.CONFIRMATION || probe.kind() == Probe.Kind.VERIFICATION;
    return again && probe.users() == previousUsers;
  }

  /** A step after the first (the first ramps and warms up like a probe), or a step's repeat. */
  private boolean laterStep(Probe probe) {
    return probe.isStep() && probeIndex > 0;
  }

  /**
   * A later step of the climb brings its users in during its judged window, at a probe's ramp-up
   * pace (a step's users per ramp-up), and is judged on the whole ramp: the climb is then a
   * continuous ramp watched window by window, where each step used to ramp unjudged and then hold
   * (session 38: ten steps of 30 s ramp and 20 s hold took 8.8 of a findMax's minutes). Brought in
   * faster, over 10 s, 500 new users' logins and joins overloaded a stack that carried the same
   * users once they had arrived (a 2,500-user step failed with a p99 of 4.7 s and the stack stayed
   * overloaded at 1,800 users 20 s later). A step that fails narrowly or on its headroom, or while
   * its throughput kept up, runs once more, held, without arrivals ({@link FindMaxSearch}): at
   * once, or after a recovery where its ramp broke its limits ({@link
   * #repeatsARampThatBrokeItsLimits}).
   */
  private boolean rampsInItsWindow(Probe probe) {
    return laterStep(probe) && probe.kind() == Probe.Kind.INITIAL_STEP;
  }

  /**
   * A step's window is short (a ramping step's lasts its ramp, at least a step); a probe's narrows
   * the search; a verification's, longer, is the one the answer rests on (decision 0009).
   */
  private long qosMillis(Probe probe) {
    if (rampsInItsWindow(probe)) {
      return Math.max(spec.initialStepDuration().toMillis(), spec.probeRampUp().toMillis());
    }
    if (probe.isStep()) {
      return spec.initialStepDuration().toMillis();
    }
    return probe.kind() == Probe.Kind.VERIFICATION
        ? spec.verificationQosPeriod().toMillis()
        : spec.probeQosPeriod().toMillis();
  }
}
