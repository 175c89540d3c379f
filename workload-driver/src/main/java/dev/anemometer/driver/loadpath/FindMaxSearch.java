package dev.anemometer.driver.loadpath;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The findMax search as a pure state machine: it proposes a {@link #current() probe}, is told
 * whether that probe passed, and proposes the next, until the gap between the highest passing and
 * the lowest failing user count is below the precision. No time, no threads: the runtime around it
 * decides how long a probe runs.
 *
 * <p>The initial ramp climbs in short steps until one fails; probing starts at the last step that
 * passed. Only probes (with warm-up) set the bounds of the answer. The search moves up on a pass
 * and down on a fail. The step doubles after two passes in a row (the capacity is further away than
 * thought) and halves after a fail; a probe never goes to or beyond a known bound, it bisects the
 * bracket instead.
 */
public final class FindMaxSearch {

  /** Result of one finished probe, for the report. */
  public record Outcome(Probe probe, boolean passed) {}

  private final FindMaxLoadPathSpec spec;
  private final NavigableSet<Integer> passedUsers = new TreeSet<>();
  private final List<Outcome> history = new ArrayList<>();
  private int lowestFail = Integer.MAX_VALUE;
  private int lastInitialPass;
  private int step;
  private boolean lastPassed;
  private int verificationsLeft;
  private Probe current;

  public FindMaxSearch(FindMaxLoadPathSpec spec) {
    this.spec = spec;
    this.step = spec.initialStepUsers();
    this.verificationsLeft = spec.verificationRepeats();
    this.current = new Probe(Probe.Kind.INITIAL_STEP, spec.initialStepUsers());
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

  /** Feeds the verdict of {@link #current()} and moves to the next probe. */
  public void verdict(boolean passed) {
    if (current == null) {
      throw new IllegalStateException("the search has finished");
    }
    Probe probe = current;
    history.add(new Outcome(probe, passed));
    current =
        switch (probe.kind()) {
          case INITIAL_STEP -> afterInitialStep(probe.users(), passed);
          case PROBE -> afterProbe(probe.users(), passed);
          case VERIFICATION -> afterVerification(probe.users(), passed);
        };
  }

  private Probe afterInitialStep(int users, boolean passed) {
    step = Math.max(1, spec.initialStepUsers() / 2);
    if (passed) {
      lastInitialPass = users;
      if (users >= spec.maxUsers()) {
        return probe(users);
      }
      int next = Math.min(users + spec.initialStepUsers(), spec.maxUsers());
      return new Probe(Probe.Kind.INITIAL_STEP, next);
    }
    // Initial steps are short and unwarmed: they only tell where to start probing, not bounds.
    lastPassed = false;
    return probe(lastInitialPass > 0 ? lastInitialPass : Math.max(1, users / 2));
  }

  private Probe afterProbe(int users, boolean passed) {
    if (passed) {
      passedUsers.add(users);
      if (lastPassed) {
        step *= 2;
      }
      lastPassed = true;
      if (converged()) {
        return verifyOrFinish();
      }
      if (users >= spec.maxUsers()) {
        return verifyOrFinish();
      }
      int next = users + step;
      if (next >= lowestFail || next > spec.maxUsers()) {
        next = midpoint(users, Math.min(lowestFail, spec.maxUsers() + 1));
      }
      return probe(next);
    }
    lowestFail = Math.min(lowestFail, users);
    step = Math.max(1, step / 2);
    lastPassed = false;
    if (converged()) {
      return verifyOrFinish();
    }
    return nextAfterFail(users);
  }

  private Probe afterVerification(int users, boolean passed) {
    if (passed) {
      verificationsLeft--;
      return verificationsLeft > 0 ? new Probe(Probe.Kind.VERIFICATION, users) : null;
    }
    // The answer did not hold: it becomes the lowest fail and the search resumes below it.
    passedUsers.tailSet(users, true).clear();
    lowestFail = users;
    verificationsLeft = spec.verificationRepeats();
    lastPassed = false;
    step = Math.max(1, (lowestFail - highestPass()) / 2);
    if (converged()) {
      return verifyOrFinish();
    }
    return nextAfterFail(users);
  }

  private Probe nextAfterFail(int failedUsers) {
    int highestPass = highestPass();
    if (highestPass == 0 && failedUsers <= 1) {
      return null;
    }
    int next = failedUsers - step;
    if (next <= highestPass) {
      next = midpoint(highestPass, failedUsers);
    }
    return probe(Math.max(1, next));
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
