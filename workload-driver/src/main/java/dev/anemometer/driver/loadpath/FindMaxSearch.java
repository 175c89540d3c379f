package dev.anemometer.driver.loadpath;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The findMax search as a pure state machine: it proposes a {@link #current() probe}, is told what
 * that probe's window said, and proposes the next, until the gap between the highest passing and
 * the lowest failing user count is below the precision. No time, no threads: the runtime around it
 * decides how long a probe runs.
 *
 * <p>Two stages. A cheap climb in short, unwarmed steps finds the region: it stops at the first
 * step that fails, and the region is the bracket between the last passing step and that one (with a
 * hint, the climb starts just below the hint in finer steps). Full probes then bisect near the
 * region; only probes bound the answer. Without a failing probe above, the search moves up in steps
 * that double after two passes in a row; a probe never goes to or beyond a known bound.
 *
 * <p>Capacity decides: a window that failed on the mix alone, with every response time and failure
 * rule far inside its limit, counts as a pass (it is reported as a calibration defect). A probe
 * that fails near the boundary runs once more before the search bisects below it; if the
 * confirmation passes, the first verdict was noise.
 */
public final class FindMaxSearch {

  /** Result of one finished probe, for the report. */
  public record Outcome(Probe probe, WindowVerdict verdict) {
    public boolean passed() {
      return verdict.capacityHeld();
    }
  }

  private final FindMaxLoadPathSpec spec;
  private final NavigableSet<Integer> passedUsers = new TreeSet<>();
  private final List<Outcome> history = new ArrayList<>();
  private int lowestFail = Integer.MAX_VALUE;
  private int regionLow;
  private int regionHigh = Integer.MAX_VALUE;
  private int probesTowardsRegionHigh;
  private int step;
  private boolean lastPassed;
  private int verificationsLeft;
  private Probe current;

  public FindMaxSearch(FindMaxLoadPathSpec spec) {
    this.spec = spec;
    this.step = spec.climbStepUsers();
    this.verificationsLeft = spec.verificationRepeats();
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

  public List<Outcome> history() {
    return List.copyOf(history);
  }

  /** Feeds a plain pass or a narrow capacity fail (the kind a confirmation may undo). */
  public void verdict(boolean passed) {
    verdict(passed ? WindowVerdict.PASSED : WindowVerdict.FAILED_NARROWLY);
  }

  /** Feeds the verdict of {@link #current()} and moves to the next probe. */
  public void verdict(WindowVerdict verdict) {
    if (current == null) {
      throw new IllegalStateException("the search has finished");
    }
    Probe probe = current;
    history.add(new Outcome(probe, verdict));
    boolean held = verdict.capacityHeld();
    current =
        switch (probe.kind()) {
          case INITIAL_STEP -> afterInitialStep(probe.users(), verdict);
          case PROBE ->
              held
                  ? afterPass(probe.users())
                  : afterProbeFailed(probe.users(), verdict == WindowVerdict.FAILED_NARROWLY);
          case CONFIRMATION -> held ? afterPass(probe.users()) : afterFail(probe.users());
          case VERIFICATION -> afterVerification(probe.users(), held);
        };
  }

  private Probe afterInitialStep(int users, WindowVerdict verdict) {
    if (verdict.capacityHeld()) {
      regionLow = users;
      if (users >= spec.maxUsers()) {
        return probe(users);
      }
      return new Probe(Probe.Kind.INITIAL_STEP, Math.min(users + step, spec.maxUsers()));
    }
    // Steps are short and their new users arrive within the judged window: they only say where to
    // probe, they do not bound the answer. A step that failed narrowly is pessimistic more often
    // than not (its new users' logins fall in the window), so the first probe is the step itself;
    // after a clear failure, the middle of the region.
    regionHigh = users;
    step = Math.max(1, step / 2);
    if (verdict == WindowVerdict.FAILED_NARROWLY) {
      return probe(users);
    }
    return probe(regionLow > 0 ? midpoint(regionLow, users) : Math.max(1, users / 2));
  }

  private Probe afterPass(int users) {
    passedUsers.add(users);
    if (lastPassed) {
      step *= 2;
    }
    lastPassed = true;
    if (converged() || users >= spec.maxUsers()) {
      return verifyOrFinish();
    }
    int next;
    if (lowestFail != Integer.MAX_VALUE) {
      next = midpoint(users, lowestFail);
    } else if (regionHigh != Integer.MAX_VALUE && regionHigh > users) {
      next = towardsRegionHigh(users);
    } else {
      if (users == regionHigh) {
        // The failing step held as a probe: the climb was pessimistic. The capacity is likely
        // close above: move up by twice the precision, then further only if that holds too.
        step = 2 * precisionUsers(users);
        regionHigh = Integer.MAX_VALUE;
        lastPassed = false;
      }
      next = users + step;
    }
    return probe(Math.min(next, spec.maxUsers()));
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

  private Probe afterProbeFailed(int users, boolean narrowly) {
    if (narrowly && needsConfirmation(users)) {
      return new Probe(Probe.Kind.CONFIRMATION, users);
    }
    return afterFail(users);
  }

  private Probe afterFail(int users) {
    lowestFail = Math.min(lowestFail, users);
    step = Math.max(1, step / 2);
    lastPassed = false;
    if (converged()) {
      return verifyOrFinish();
    }
    int highestPass = highestPass();
    if (highestPass > 0) {
      return probe(midpoint(highestPass, lowestFail));
    }
    if (users <= 1) {
      return null;
    }
    if (regionLow > 0 && regionLow < users) {
      // The failing step failed as a probe too: the capacity lies in the region, bisect it.
      return probe(users == regionHigh ? midpoint(regionLow, users) : regionLow);
    }
    // Nothing held yet, not even a step: halve.
    return probe(Math.max(1, users / 2));
  }

  private Probe afterVerification(int users, boolean passed) {
    if (passed) {
      verificationsLeft--;
      return verificationsLeft > 0 ? new Probe(Probe.Kind.VERIFICATION, users) : null;
    }
    // The answer did not hold: it becomes the lowest fail and the search resumes below it.
    passedUsers.tailSet(users, true).clear();
    verificationsLeft = spec.verificationRepeats();
    return afterFail(users);
  }

  /**
   * A fail close above the highest pass, or before any probe passed, may be one noisy window. A
   * fail at or above the climb's failing step is not: the step failed there already.
   */
  private boolean needsConfirmation(int users) {
    if (spec.confirmWithinPercent() <= 0 || users >= regionHigh) {
      return false;
    }
    int highestPass = highestPass();
    return highestPass == 0
        || (users - highestPass) * 100.0 <= spec.confirmWithinPercent() * highestPass;
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
