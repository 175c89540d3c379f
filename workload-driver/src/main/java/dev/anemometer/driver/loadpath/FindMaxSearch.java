package dev.anemometer.driver.loadpath;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * The findMax search as a pure state machine: it proposes a {@link #current() probe}, is told what
 * that probe's window said, and proposes the next. No time, no threads: {@link
 * FindMaxLoadPathInstance} decides how long each probe runs.
 *
 * <p>In one paragraph: the climb warms the stack up at its first step, then adds a step's users per
 * window until a step fails; the highest step that held and the step that failed bracket the peak.
 * Full probes bisect the bracket at its geometric midpoint until its ends are within the precision
 * of each other. The answer rests on full probes only: an end of the bracket that only a step set
 * is run as a probe before the search ends on it, and where a probe holds at or above the step that
 * ended the climb, the climb resumes from there. The answer is then verified in a longer window; if
 * the verification fails, it becomes the bracket's upper end and the search goes on below it. A
 * window whose worst response-time or failure rule lands within the marginal band around its limit,
 * passing or failing, runs again, and two agreeing windows decide (a third when the first two
 * disagree). A window the driver invalidated decides nothing: it runs again, and a second invalid
 * window in a row ends the search as invalid.
 */
public final class FindMaxSearch {

  /** Result of one decided probe, for the report. */
  public record Outcome(Probe probe, boolean passed) {}

  private final FindMaxLoadPathSpec spec;
  private final List<Outcome> history = new ArrayList<>();
  private final NavigableSet<Integer> heldProbes = new TreeSet<>();
  private final NavigableSet<Integer> failedProbes = new TreeSet<>();
  private final NavigableSet<Integer> heldSteps = new TreeSet<>();
  private int failedStep = Integer.MAX_VALUE;
  private int verificationsLeft;
  private final Votes votes = new Votes();
  private int invalidInARow;
  private boolean endedInvalid;
  private Probe current;

  public FindMaxSearch(FindMaxLoadPathSpec spec) {
    this.spec = spec;
    this.verificationsLeft = spec.verificationRepeats();
    this.current = new Probe(Probe.Kind.STEP, spec.firstStepUsers());
  }

  /** The probe to run now, or null when finished. */
  public Probe current() {
    return current;
  }

  public boolean finished() {
    return current == null;
  }

  /** Whether the search ended on two invalid windows in a row: its answer does not stand. */
  public boolean endedInvalid() {
    return endedInvalid;
  }

  /** The answer: the highest user count a full probe held (and verified); 0 if none did. */
  public int peakUsers() {
    return heldProbes.isEmpty() ? 0 : heldProbes.last();
  }

  /** The highest count a full probe held and the lowest above it at which one failed. */
  public Bracket bracket() {
    int peak = peakUsers();
    return new Bracket(peak, failedProbes.higher(peak));
  }

  public List<Outcome> history() {
    return List.copyOf(history);
  }

  /**
   * Feeds the verdict on {@link #current()}'s window and the worst of its response-time and failure
   * rules as a share of its limit (above 1: beyond it; NaN: unknown), and moves on.
   */
  public void verdict(WindowVerdict verdict, double worstLimitShare) {
    if (current == null) {
      throw new IllegalStateException("the search has finished");
    }
    Probe probe = current;
    if (verdict == WindowVerdict.INVALID) {
      invalidInARow++;
      endedInvalid = invalidInARow >= 2;
      current = endedInvalid ? null : probe;
      return;
    }
    invalidInARow = 0;
    boolean passed = verdict == WindowVerdict.PASSED;
    OptionalInt decided = votes.add(passed, !probe.isStep() && marginal(worstLimitShare));
    if (decided.isEmpty()) {
      return;
    }
    boolean held = decided.getAsInt() > 0;
    history.add(new Outcome(probe, held));
    current = held ? afterHeld(probe) : afterFailed(probe);
  }

  /** Whether a window's worst rule lies within the marginal band around its limit. */
  private boolean marginal(double worstLimitShare) {
    double band = 1 + spec.marginalBandPercent() / 100;
    return spec.marginalBandPercent() > 0 && worstLimitShare >= 1 / band && worstLimitShare <= band;
  }

  private Probe afterHeld(Probe probe) {
    int users = probe.users();
    switch (probe.kind()) {
      case STEP -> {
        heldSteps.add(users);
        if (users < spec.maxUsers()) {
          return new Probe(Probe.Kind.STEP, spec.nextStepUsers(users));
        }
      }
      case PROBE -> heldProbes.add(users);
      case VERIFICATION -> {
        verificationsLeft--;
        return verificationsLeft > 0 ? probe : null;
      }
    }
    return next();
  }

  private Probe afterFailed(Probe probe) {
    int users = probe.users();
    switch (probe.kind()) {
      case STEP -> failedStep = users;
      case PROBE -> failedProbes.add(users);
      case VERIFICATION -> {
        heldProbes.tailSet(users, true).clear();
        failedProbes.add(users);
        verificationsLeft = spec.verificationRepeats();
      }
    }
    return next();
  }

  /** The next probe from the bracket as it stands, or null when the answer stands. */
  private Probe next() {
    int highestProbe = peakUsers();
    // A probe's verdict outranks a step's: a step past a held probe no longer bounds the search.
    int upper = failedProbes.isEmpty() ? Integer.MAX_VALUE : failedProbes.first();
    boolean upperIsStep = failedStep > highestProbe && failedStep < upper;
    if (upperIsStep) {
      upper = failedStep;
    }
    if (upper == Integer.MAX_VALUE) {
      int highestStep = heldSteps.isEmpty() ? 0 : heldSteps.last();
      // The climb held up to the ceiling: its last step runs as a probe.
      return highestStep > highestProbe ? probe(highestStep) : climbOnFrom(highestProbe);
    }
    Integer step = heldSteps.lower(upper);
    int lower = Math.max(highestProbe, step == null ? 0 : step);
    boolean lowerIsStep = lower > highestProbe;
    if (lower == 0) {
      return upperIsStep ? probe(upper) : upper <= 1 ? null : probe(upper / 2);
    }
    if (!withinPrecision(lower, upper)) {
      return probe(geometricMidpoint(lower, upper));
    }
    if (upperIsStep) {
      return probe(upper);
    }
    if (lowerIsStep) {
      return probe(lower);
    }
    return verificationsLeft > 0 ? new Probe(Probe.Kind.VERIFICATION, lower) : null;
  }

  /**
   * No failure bounds the search above its highest held probe: a probe held at or above the step
   * that ended the climb, which the step's short, unwarmed window had failed early. The climb goes
   * on from the probe, or the answer is the ceiling.
   */
  private Probe climbOnFrom(int users) {
    if (users >= spec.maxUsers()) {
      return verificationsLeft > 0 ? new Probe(Probe.Kind.VERIFICATION, users) : null;
    }
    failedStep = Integer.MAX_VALUE;
    heldSteps.clear();
    return new Probe(Probe.Kind.STEP, spec.nextStepUsers(users));
  }

  private boolean withinPrecision(int lower, int upper) {
    return upper - lower <= 1 || (upper - lower) * 100.0 < spec.precisionPercent() * lower;
  }

  /**
   * The midpoint on a log scale: the precision is relative, so each probe halves the ratio of the
   * bracket's ends, wherever it lies. Strictly inside a bracket wider than one user.
   */
  static int geometricMidpoint(int lower, int upper) {
    int middle = (int) Math.round(Math.sqrt((double) lower * upper));
    return Math.max(lower + 1, Math.min(upper - 1, middle));
  }

  private static Probe probe(int users) {
    return new Probe(Probe.Kind.PROBE, users);
  }
}
