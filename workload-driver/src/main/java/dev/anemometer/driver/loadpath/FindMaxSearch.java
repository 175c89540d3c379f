package dev.anemometer.driver.loadpath;

import dev.anemometer.driver.qos.BusyFit;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * The findMax search as a pure state machine: it proposes a {@link #current() probe}, is told what
 * that probe's window said, and proposes the next, until the gap between the highest passing and
 * the lowest failing user count is below the precision. No time, no threads: the runtime around it
 * decides how long a probe runs.
 *
 * <p>Two stages. A cheap climb in short, unwarmed steps finds the region: a step that fails
 * narrowly, or while its throughput kept up with its users, runs once more, held (its new users'
 * sessions were still joining in its window; after a recovery where it broke its limits), and the
 * climb stops at the first step that fails again or clearly, or whose throughput stopped growing
 * with its users ({@link ClimbThroughput}) on its repeat too, or that left the machine no CPU
 * headroom. Full probes then start 7 % under the highest step that held (a step's users have just
 * arrived and make less work), or, with the headroom rule on, where the busy share of the highest
 * ramping step that held (or the failing step's own, where it failed on its headroom alone short of
 * the cores' limit) puts the edge when that is higher, under the failing step ({@link
 * #firstProbeUsers}), and move from there by the precision, twice as far on each further move the
 * same way; with no step held they bisect below the failing one. Only probes bound the answer. A
 * probe that holds at the failing step itself, or past it where the probes' CPU aimed there, shows
 * that the climb stopped early: probes go on up from there in moves that double. A probe never goes
 * to or beyond a known bound.
 *
 * <p>With the headroom rule on, the probes' own CPU aims them instead ({@link HeadroomAim}): a
 * probe that held moves the next to where its busy share puts the headroom's edge, one point inside
 * it (at most 35 % up, at least just under the precision, and while no probe has failed, at least
 * halfway to the climb's failing step); between a pass and a fail, the next goes there too when
 * that is below the middle; under a first probe that failed on its headroom, down to it. The answer
 * then lands just under the edge whatever path led there, in moves that shrink as the edge nears,
 * not in moves that double.
 *
 * <p>Capacity decides: a window that failed on the mix alone, with every response time and failure
 * rule far inside its limit, counts as a pass (it is reported as a calibration defect). A probe
 * that fails near the boundary runs once more before the search bisects below it, and so does one
 * that collapsed where the probes that held below it say the machine had room to spare; if the
 * confirmation passes, the first verdict was noise.
 */
public final class FindMaxSearch {

  /** Result of one finished probe, for the report. */
  public record Outcome(Probe probe, WindowVerdict verdict) {
    public boolean passed() {
      return verdict.capacityHeld();
    }
  }

  /**
   * The first probe goes to this share of the highest step that held: users who have just arrived
   * have not joined their auctions yet, and a step made about 7 % fewer operations per user than
   * probes at the same users (session 34: 382 against 402-411 per 1,000 user-seconds at 3,000).
   */
  static final double PROBE_SHARE_OF_STEP = 0.93;

  /**
   * The first step runs this many times more while it fails: the servers start cold, and on a slow
   * machine their JIT compilers take the cores for minutes (session 36: a 2-core VM whose app took
   * 1.2-1.4 cores at 500 users for the first two minutes and 0.5 at 930 users after; its first step
   * failed on p99s of 5-7 s, and the search probed from 250 users up).
   */
  static final int COLD_START_REPEATS = 3;

  /**
   * A probe that fails clearly where the pass below it says the machine would have left at least
   * this many times the headroom's idle share idle is run once more: it collapsed, it was not full
   * ({@link #collapsedWithRoomToSpare}).
   */
  static final double COLLAPSE_ROOM_TIMES_HEADROOM = 2;

  private final FindMaxLoadPathSpec spec;
  private final NavigableSet<Integer> passedUsers = new TreeSet<>();
  private final List<Outcome> history = new ArrayList<>();
  private int lowestFail = Integer.MAX_VALUE;
  private final NavigableSet<Integer> passedSteps = new TreeSet<>();
  private int regionHigh = Integer.MAX_VALUE;
  private int probesTowardsRegionHigh;
  private int verificationsLeft;
  private int coldStartRepeats;
  private Probe current;
  private final ClimbThroughput throughput = new ClimbThroughput();
  private final HeadroomAim aim;
  private final CreepingAims creepingAims = new CreepingAims();
  // Whether the probes started where the climb's throughput put the peak, and how many moves they
  // made from there in one direction, each twice the one before.
  private boolean fromEstimate;
  private int movesFromEstimate;
  // The highest ramping step of the climb that held: its users, the users it ramped from, and the
  // machine's busy share in its window (NaN: unknown). A step without headroom is not one: a
  // share at the cores' limit does not say how far past it the load was.
  private int rampUsers;
  private int rampFromUsers;
  private double rampBusyPercent = Double.NaN;
  // The highest step whose repeat held, and the machine's busy share in that held window, which
  // ran without arrivals (NaN: unknown).
  private int heldRepeatUsers;
  private double heldRepeatBusyPercent = Double.NaN;
  // Where the last step's window, if it failed on its headroom alone at a share short of the
  // cores' limit, puts the headroom's edge.
  private OptionalInt edgeFromTheFailingStep = OptionalInt.empty();

  public FindMaxSearch(FindMaxLoadPathSpec spec) {
    this.spec = spec;
    this.verificationsLeft = spec.verificationRepeats();
    this.aim = new HeadroomAim(spec.headroom());
    this.current = new Probe(Probe.Kind.INITIAL_STEP, spec.firstStepUsers());
  }

  /** The probe to run now, or null when finished. */
  public Probe current() {
    return current;
  }

  public boolean finished() {
    return current == null;
  }

  /** The highest user count that passed (and survived verification); 0 if none did. */
  public int highestPass() {
    return passedUsers.isEmpty() ? 0 : passedUsers.last();
  }

  public int peakUsers() {
    return highestPass();
  }

  /**
   * The machine's busy share in the probe windows whose response times and failures held, but for
   * those right after an overload, a copy: what the driver judges each probe's headroom on.
   */
  public BusyFit busyFit() {
    return aim.judgedFit();
  }

  public List<Outcome> history() {
    return List.copyOf(history);
  }

  /** Feeds a plain pass or a narrow capacity fail (the kind a confirmation may undo). */
  public void verdict(boolean passed) {
    verdict(passed ? WindowVerdict.PASSED : WindowVerdict.FAILED_NARROWLY);
  }

  /** Feeds the verdict of {@link #current()}, its throughput unknown. */
  public void verdict(WindowVerdict verdict) {
    verdict(verdict, 0);
  }

  /**
   * Feeds the verdict of {@link #current()} and the operations that succeeded per second in its
   * window (0: unknown), and moves to the next probe.
   */
  public void verdict(WindowVerdict verdict, double successesPerSecond) {
    verdict(verdict, successesPerSecond, Double.NaN);
  }

  /**
   * Feeds the verdict of {@link #current()}, the operations that succeeded per second in its window
   * (0: unknown) and the share of the machine's CPU that was busy in it (NaN: unknown), and moves
   * to the next probe.
   */
  public void verdict(WindowVerdict verdict, double successesPerSecond, double busyPercent) {
    if (current == null) {
      throw new IllegalStateException("the search has finished");
    }
    Probe probe = current;
    boolean afterOverload =
        !history.isEmpty() && !history.get(history.size() - 1).verdict().capacityHeld();
    history.add(new Outcome(probe, verdict));
    if (!probe.isStep() && verdict.withinLimits()) {
      aim.add(probe.users(), busyPercent, afterOverload);
    }
    boolean held = verdict.capacityHeld();
    if (!probe.isStep()) {
      creepingAims.judged(held, busyPercent, aim.aimedBusyPercent());
    }
    boolean laterStep = probe.kind() == Probe.Kind.INITIAL_STEP && history.size() > 1;
    if (laterStep && held && probe.users() > rampUsers) {
      rampFromUsers = previousStepUsers(probe.users());
      rampUsers = probe.users();
      rampBusyPercent = busyPercent;
    }
    if (probe.kind() == Probe.Kind.STEP_REPEAT && held && probe.users() >= heldRepeatUsers) {
      heldRepeatUsers = probe.users();
      heldRepeatBusyPercent = busyPercent;
    }
    if (probe.isStep()) {
      edgeFromTheFailingStep = edgeFromAStepOverIt(probe, verdict, busyPercent);
    }
    boolean saturated = throughput.saturated(probe.users(), successesPerSecond);
    throughput.add(probe.users(), successesPerSecond, laterStep && held && !saturated);
    current =
        switch (probe.kind()) {
          case INITIAL_STEP -> afterStep(probe.users(), verdict, saturated, true);
          case STEP_REPEAT -> afterStep(probe.users(), verdict, saturated, false);
          case PROBE -> held ? afterPass(probe.users()) : afterProbeFailed(probe.users(), verdict);
          case CONFIRMATION ->
              held
                  ? afterPass(probe.users())
                  : afterFail(probe.users(), verdict == WindowVerdict.FAILED);
          case VERIFICATION -> afterVerification(probe.users(), held);
        };
  }

  private Probe afterStep(int users, WindowVerdict verdict, boolean saturated, boolean mayRepeat) {
    if (!verdict.capacityHeld() && coldStart() && coldStartRepeats < COLD_START_REPEATS) {
      coldStartRepeats++;
      return new Probe(Probe.Kind.STEP_REPEAT, users);
    }
    if (verdict.capacityHeld() && !saturated) {
      return climbFrom(users);
    }
    // A step that held while its rate per user fell below the knee's: the rate of one short window
    // swings by a few percent (±5 % in 20 s windows at 4,000 users, session 30, where such a dip
    // ended a climb 15 % below the peak). Its repeat, without arrivals, says whether the stack
    // really stopped keeping up.
    if (mayRepeat && verdict.capacityHeld()) {
      return new Probe(Probe.Kind.STEP_REPEAT, users);
    }
    // Steps are short and the sessions of their new users are still joining auctions in the judged
    // window: one more step's length at the same users tells the load from the arrival at a
    // fraction of a probe's cost. A step whose throughput kept up with its users failed on its
    // arrivals however clearly it failed; one past the knee is not repeated.
    if (mayRepeat
        && !verdict.capacityHeld()
        && !saturated
        && (verdict == WindowVerdict.FAILED_NARROWLY
            || verdict == WindowVerdict.NO_HEADROOM
            || throughput.known())) {
      return new Probe(Probe.Kind.STEP_REPEAT, users);
    }
    // Steps only say where to probe; they do not bound the answer.
    regionHigh = users;
    probesTowardsRegionHigh = 0;
    int highestStep = passBelow(users);
    if (highestStep == 0) {
      fromEstimate = false;
      return bisectBelow(users, false);
    }
    // The probes start under the highest step that held and walk up from there: a step's users
    // have just arrived and make less work than a probe's (decision 0013), and a probe that fails
    // above the peak leaves an overload that the next probes have to drain.
    fromEstimate = true;
    movesFromEstimate = 0;
    return probe(firstProbeUsers(highestStep));
  }

  /**
   * Where the probes start: 7 % under the highest step that held, or higher where the highest
   * ramping step of the climb that held puts the headroom's edge higher, from its mean users and
   * busy share ({@link HeadroomAim#fromWindow}), though under the failing step; or where the held
   * repeat of the highest step puts it ({@link #edgeFromTheClimb}).
   *
   * <p>A ramping step runs at its mean users. In a run of session 40 the 3,000-3,500 ramp read 92.4
   * % busy, which puts the aim at 3,306, where 93 % of the 3,000 step is 2,790 and the peak was
   * 3,698; in two of session 39, 4,000-4,500 ramps read 94.9 % and 93.3 %, which put it at 4,209
   * and 4,281, under peaks of 4,305 and 4,490, where 93 % of the held step was 3,720 and 4,185.
   * From 93 % the probes, 2 minutes each, took two to four moves to reach those peaks.
   */
  private int firstProbeUsers(int highestStep) {
    int users = Math.max(1, (int) Math.round(highestStep * PROBE_SHARE_OF_STEP));
    int edge =
        Math.max(
            edgeFromTheClimb(highestStep).orElse(Integer.MIN_VALUE),
            edgeFromTheFailingStep.orElse(Integer.MIN_VALUE));
    if (edge == Integer.MIN_VALUE) {
      return users;
    }
    int belowFailingStep = regionHigh - precisionMove(regionHigh);
    return Math.max(users, Math.min(edge, belowFailingStep));
  }

  /**
   * Where a step's window that failed on its headroom alone puts the edge: its mean users (a
   * ramping step's, or a repeat's own) times the aimed share over its busy share, when that share
   * is short of the cores' limit, under {@code 100 - minIdle / 2} (a share at the limit does not
   * say how far past the edge the load was). Its response times held: the edge is just under it,
   * where the held steps below, whose ramps carry the arrivals of the steps before, put it too low
   * (session 43, run 3: the 2,000 step's repeat read 96.2 % busy, which puts 94 % at 1,954; the
   * probes started at 1,473, from the 1,000-1,500 ramp, and the peak was 2,317).
   */
  private OptionalInt edgeFromAStepOverIt(Probe step, WindowVerdict verdict, double busyPercent) {
    double limit = 100 - spec.headroom().minIdlePercent() / 2;
    if (verdict != WindowVerdict.NO_HEADROOM || !(busyPercent <= limit)) {
      return OptionalInt.empty();
    }
    boolean ramped = step.kind() == Probe.Kind.INITIAL_STEP && history.size() > 1;
    double meanUsers =
        ramped ? (previousStepUsers(step.users()) + step.users()) / 2.0 : step.users();
    return aim.fromWindow(meanUsers, busyPercent);
  }

  /**
   * Where the climb puts the headroom's edge: from the held repeat of the highest step that held,
   * when it was repeated, or else from the highest ramping step that held. A repeat held its users
   * without arrivals, after a recovery when its ramp had broken its limits: its share is the
   * stack's at those users, where a ramp's carries its new users' logins and joins too (session 41:
   * ramps of 2,000-2,500 users read 76.5 % and 86.5 % busy, which put the first probes at 2,763 and
   * 2,445, where probes later held 3,000 users at 83-86 %).
   */
  private OptionalInt edgeFromTheClimb(int highestStep) {
    if (heldRepeatUsers == highestStep) {
      OptionalInt fromRepeat = aim.fromWindow(heldRepeatUsers, heldRepeatBusyPercent);
      if (fromRepeat.isPresent()) {
        return fromRepeat;
      }
    }
    return aim.fromWindow((rampFromUsers + rampUsers) / 2.0, rampBusyPercent);
  }

  /** The users of the last step of the climb before one of {@code users}: where it ramped from. */
  private int previousStepUsers(int users) {
    for (int i = history.size() - 2; i >= 0; i--) {
      Probe earlier = history.get(i).probe();
      if (earlier.isStep() && earlier.users() < users) {
        return earlier.users();
      }
    }
    return 0;
  }

  /** Nothing has held yet, and only the first step's users ran: the servers may be cold still. */
  private boolean coldStart() {
    int first = history.get(0).probe().users();
    return passedSteps.isEmpty()
        && history.stream()
            .allMatch(outcome -> outcome.probe().isStep() && outcome.probe().users() == first);
  }

  private Probe climbFrom(int users) {
    passedSteps.add(users);
    regionHigh = Integer.MAX_VALUE;
    fromEstimate = false;
    if (users >= spec.maxUsers()) {
      return probe(users);
    }
    return new Probe(Probe.Kind.INITIAL_STEP, spec.nextStepUsers(users));
  }

  private Probe afterPass(int users) {
    passedUsers.add(users);
    if (converged() || users >= spec.maxUsers()) {
      return verifyOrFinish();
    }
    if (lowestFail != Integer.MAX_VALUE) {
      return probe(between(users, lowestFail));
    }
    if (fromEstimate && regionHigh > users) {
      return probe(upTowardsTheFailingStep(users));
    }
    if (regionHigh != Integer.MAX_VALUE && regionHigh > users) {
      return probe(towardsRegionHigh(users));
    }
    return beyondTheFailingStep(users);
  }

  /**
   * The next probe up from a pass under the climb's failing step: as far as the step, or past it
   * when the probes' CPU puts the headroom's edge above it. A probe at the step itself, within a
   * move or two of the pass, then only shows that the climb stopped early, and costs a probe before
   * the search can go on up (sessions 42 and 43: three of six runs held 1,883-1,969 users at
   * 79.5-87.2 % busy, aimed at 2,050-2,144, then probed the failing step, 2,000, before they went
   * on up to peaks of 2,220-2,426). Past it, a probe that fails bounds the search as any probe
   * does, and is not confirmed: the step failed below it already.
   */
  private int upTowardsTheFailingStep(int users) {
    int next = Math.min(spec.maxUsers(), users + moveUp(users));
    if (next < regionHigh) {
      return next;
    }
    OptionalInt aimed = aim.above(users);
    if (aimed.isPresent() && aimed.getAsInt() > regionHigh) {
      int pastTheStep = regionHigh + precisionMove(regionHigh);
      return Math.min(spec.maxUsers(), Math.max(aimed.getAsInt(), pastTheStep));
    }
    return Math.min(regionHigh, spec.maxUsers());
  }

  /**
   * The failing step held as a probe: the climb stopped early, on its arrivals. The search goes on
   * up from here in probes whose moves start just under the precision and double, not in steps: a
   * stack that held this close to where the climb saw it fail is near its peak, and a full step
   * above it overloads it so deeply that the probes after it fail in the aftermath (session 32: the
   * 3,000 step failed, a probe at 3,000 held, the 3,500 step collapsed, then 3,057 collapsed and
   * the verification of 3,000 failed; the answer fell to 2,937 after 23 minutes).
   */
  private Probe beyondTheFailingStep(int users) {
    regionHigh = Integer.MAX_VALUE;
    fromEstimate = true;
    movesFromEstimate = 0;
    return probe(Math.min(spec.maxUsers(), users + moveUp(users)));
  }

  /**
   * The move up from a pass: to where the probes' CPU puts the headroom's edge ({@link
   * HeadroomAim}), at least by just under the precision (twice that after a pass that such a least
   * move placed and that read well under the aimed share: {@link CreepingAims}), and at least
   * halfway to the climb's failing step; without the aim, a move that doubles.
   *
   * <p>Halfway, because the aim's line through the origin overstates what added users cost, and its
   * margin for a single window shortens the first move again: where the stack's CPU per user falls
   * as its load grows, the aims creep (session 38: probes at 4,058 to 4,635 users read 84.0, 84.5,
   * 83.9, 86.0, 87.7 and 91.2 % busy, 0.0207 falling to 0.0197 % per user, and nine probes climbed
   * in moves of 2-3 % to the edge at 4,868, under a failing step at 4,925; that search also counted
   * the climb's busier steps in its line). The failing step is the region's upper end: halving
   * towards it reaches the edge in as many probes as the precision needs.
   */
  private int moveUp(int users) {
    OptionalInt aimed = aim.above(users);
    if (aimed.isEmpty()) {
      return moveFromEstimate(users, true);
    }
    movesFromEstimate = 1;
    int towardsFailingStep =
        regionHigh == Integer.MAX_VALUE ? 0 : midpoint(users, regionHigh) - users;
    int leastMove = creepingAims.leastMove(precisionMove(users));
    if (leastMove >= aimed.getAsInt() - users && leastMove >= towardsFailingStep) {
      creepingAims.placedByLeastMove();
      return leastMove;
    }
    return Math.max(aimed.getAsInt() - users, towardsFailingStep);
  }

  /**
   * The next probe between a pass and a fail above it: the middle, or lower where the probes' CPU
   * puts the headroom's edge lower, at least just under the precision above the pass.
   */
  private int between(int pass, int fail) {
    int middle = midpoint(pass, fail);
    OptionalInt aimed = aim.above(pass);
    if (aimed.isEmpty()) {
      return middle;
    }
    return Math.min(middle, Math.max(aimed.getAsInt(), pass + precisionMove(pass)));
  }

  /**
   * Above a pass and below the failing step of the climb, with no failing probe yet: the step is
   * likely the bound, but an unwarmed step can fail early. Bisect towards it once, then probe the
   * step itself.
   */
  private int towardsRegionHigh(int users) {
    probesTowardsRegionHigh++;
    if (probesTowardsRegionHigh > 1) {
      return regionHigh;
    }
    return Math.min(
        regionHigh, Math.max(midpoint(users, regionHigh), users + precisionUsers(users)));
  }

  /**
   * A narrow failure near the boundary may be one noisy window and runs once more; a window without
   * headroom is not run again: its CPU share is no matter of chance.
   */
  private Probe afterProbeFailed(int users, WindowVerdict verdict) {
    if (verdict == WindowVerdict.FAILED_NARROWLY && needsConfirmation(users)) {
      return new Probe(Probe.Kind.CONFIRMATION, users);
    }
    if (verdict == WindowVerdict.FAILED && collapsedWithRoomToSpare(users)) {
      return new Probe(Probe.Kind.CONFIRMATION, users);
    }
    return afterFail(users, verdict == WindowVerdict.FAILED);
  }

  private Probe afterFail(int users, boolean clearly) {
    lowestFail = Math.min(lowestFail, users);
    if (converged()) {
      return verifyOrFinish();
    }
    return bisectBelow(lowestFail, clearly);
  }

  /**
   * The next probe below a failure: the middle between it and the {@link #passBelow pass below}.
   * With nothing held below, the users halve.
   *
   * <p>A step's pass does not bound the answer: a 20-second step can pass a load whose queues grow
   * for minutes (a 3,500-user step held where probes of 3,250 and more collapsed). So the step's
   * users are probed themselves when the middle would be within the precision of them, or when a
   * probe above them failed clearly; if they fail too, the next step below guides the search.
   */
  private Probe bisectBelow(int fail, boolean clearly) {
    if (fromEstimate && highestPass() == 0) {
      // Under a probe that failed on its headroom alone, its CPU says how far down the edge is.
      OptionalInt aimed = aim.below(fail);
      int down = moveFromEstimate(fail, false);
      if (aimed.isPresent()) {
        down = Math.max(precisionMove(fail), fail - aimed.getAsInt());
      }
      return probe(Math.max(1, fail - down));
    }
    int low = passBelow(fail);
    if (low == 0) {
      return fail <= 1 ? null : probe(Math.max(1, fail / 2));
    }
    if (low > highestPass() && highestPass() > 0 && fail - low <= precisionUsers(low)) {
      // A step that held within the precision under a failed probe tells nothing that the probe
      // did not: the probes below bound the answer.
      low = highestPass();
    }
    boolean stepOnly = low > highestPass();
    boolean probeTheStep = stepOnly && (clearly || fail - low <= precisionUsers(low));
    if (probeTheStep) {
      return probe(low);
    }
    return probe(stepOnly ? midpoint(low, fail) : between(low, fail));
  }

  /**
   * Probes placed by the throughput's estimate move from it by just under the precision, so that a
   * pass and a fail one move apart end the search; each further move in the same direction is twice
   * the one before, in case the estimate was far off.
   */
  private int moveFromEstimate(int users, boolean up) {
    int direction = up ? 1 : -1;
    movesFromEstimate =
        Integer.signum(movesFromEstimate) == direction ? movesFromEstimate + direction : direction;
    return precisionMove(users) << Math.min(10, Math.abs(movesFromEstimate) - 1);
  }

  /** Just under the precision: a pass and a fail this far apart end the search. */
  private int precisionMove(int users) {
    return Math.max(1, precisionUsers(users) - 1);
  }

  /** The highest count below {@code users} that held: a probe's, or a step's of the climb. */
  private int passBelow(int users) {
    Integer step = passedSteps.lower(users);
    return Math.max(highestPass(), step == null ? 0 : step);
  }

  private Probe afterVerification(int users, boolean passed) {
    if (passed) {
      verificationsLeft--;
      return verificationsLeft > 0 ? new Probe(Probe.Kind.VERIFICATION, users) : null;
    }
    // The answer did not hold: it becomes the lowest fail and the search resumes below it.
    passedUsers.tailSet(users, true).clear();
    verificationsLeft = spec.verificationRepeats();
    return afterFail(users, false);
  }

  /**
   * A fail close above the {@link #passBelow pass below}, or with nothing held below, may be one
   * noisy window; so may one below a step of the climb that held: it contradicts what the stack did
   * minutes before, and is most often the aftermath of an overload probed just above it (session
   * 31: steps held to 2,500 users, probes at 2,750 and 2,500 collapsed, and 2,000 then failed
   * narrowly where two other runs held 2,433 and 2,468). A fail at or above the climb's failing
   * step is not: the step failed there already.
   */
  private boolean needsConfirmation(int users) {
    if (spec.confirmWithinPercent() <= 0 || users >= regionHigh) {
      return false;
    }
    int low = passBelow(users);
    return low == 0
        || (users - low) * 100.0 <= spec.confirmWithinPercent() * low
        || passedSteps.ceiling(users) != null;
  }

  /**
   * A probe that failed clearly where the probes that held below it say the machine had room to
   * spare: by their busy share, carried up along a line through the origin, it would have left at
   * least {@value #COLLAPSE_ROOM_TIMES_HEADROOM} times the headroom's idle share. Such a collapse
   * is the stack tipping into a self-feeding overload (failed users start over with a login and
   * rejoin their auctions), set off by a burst (the probe's arrivals, a slower spell of the
   * machine), not by the users themselves: it runs once more after a recovery before it bounds the
   * answer (session 42, run 3: a pass at 1,482 users read 67.6 % busy, which puts 89.5 % at 1,963;
   * the probe at 1,963 collapsed at 99.8 % with p99s of 6-7 s, the search bisected below it and
   * ended at 1,916, where 1,916 then read 74.3 % and 88.1 %, and the two other runs held
   * 1,883-2,000 users at 79.5-82.4 %). A fail at or above the climb's failing step is not: the step
   * failed there already.
   */
  private boolean collapsedWithRoomToSpare(int users) {
    int pass = highestPass();
    if (pass == 0 || pass >= users || users >= regionHigh) {
      return false;
    }
    OptionalDouble busy = aim.busyPercentFrom(pass, users);
    double roomyBusy = 100 - COLLAPSE_ROOM_TIMES_HEADROOM * spec.headroom().minIdlePercent();
    return busy.isPresent() && busy.getAsDouble() <= roomyBusy;
  }

  private boolean converged() {
    int highestPass = highestPass();
    if (lowestFail == Integer.MAX_VALUE) {
      return false;
    }
    if (lowestFail - highestPass <= 1) {
      return true;
    }
    return highestPass > 0
        && (lowestFail - highestPass) * 100.0 < spec.precisionPercent() * highestPass;
  }

  /** The smallest move that the precision can tell apart from {@code users}. */
  private int precisionUsers(int users) {
    return (int) Math.max(1, Math.ceil(users * spec.precisionPercent() / 100));
  }

  private Probe verifyOrFinish() {
    if (verificationsLeft > 0 && highestPass() > 0) {
      return new Probe(Probe.Kind.VERIFICATION, highestPass());
    }
    return null;
  }

  private static Probe probe(int users) {
    return new Probe(Probe.Kind.PROBE, users);
  }

  private static int midpoint(int low, int high) {
    return low + (high - low) / 2;
  }
}
