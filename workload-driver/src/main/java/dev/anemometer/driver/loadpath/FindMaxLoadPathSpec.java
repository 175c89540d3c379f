package dev.anemometer.driver.loadpath;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;

/**
 * The search for peak users ({@link FindMaxSearch}): a climb in short steps finds the region, full
 * probes (ramp, warm-up, QoS period) bisect it, and the answer is verified over a longer window.
 *
 * @param initialStepUsers the climb adds this many users per step (without a hint); written {@code
 *     initialStep}
 * @param initialStepDuration how long the first step runs, judged whole; a later step ramps in its
 *     own judged window, which lasts {@code probeRampUp}, at least this
 * @param probeRampUp a probe's ramp from the previous user count, and the climb's pace (a step's
 *     users per ramp)
 * @param probeWarmUp a probe's warm-up at its user count before judging
 * @param probeQosPeriod the judged part of a probe
 * @param precisionPercent stop when (lowest fail - highest pass) / highest pass is below this
 * @param verificationRepeats how often the answer is run again, and must pass again, before it
 *     stands
 * @param verificationQosPeriod the judged part of a verification: longer than a probe's, so that
 *     the answer rests on a window in which a slowly growing queue shows
 * @param maxUsers the search never goes above this (the data set's size, the driver's descriptors)
 * @param maxPassHint where the peak is expected (a previous result); 0: unknown. The climb then
 *     warms up at half of it, climbs to 90 % of it and moves in finer steps from there, as
 *     Weathervane's {@code maxPassHint} does
 * @param marginalBandPercent a probe's window whose worst response-time or failure rule lies within
 *     this many percent of its limit, either side (a share of the limit between 1 / (1 + band) and
 *     1 + band), runs again, and two agreeing windows decide; 0: never
 */
public record FindMaxLoadPathSpec(
    @JsonProperty("initialStep") int initialStepUsers,
    Duration initialStepDuration,
    Duration probeRampUp,
    Duration probeWarmUp,
    Duration probeQosPeriod,
    double precisionPercent,
    int verificationRepeats,
    Duration verificationQosPeriod,
    int maxUsers,
    int maxPassHint,
    double marginalBandPercent)
    implements LoadPathSpec {

  /**
   * A hinted climb warms the stack up at this share of the hint: a cold stack ramped straight to 90
   * % of its peak makes its JIT compilers, empty caches and first logins compete with the load.
   */
  static final double HINT_WARM = 0.5;

  /** A hinted climb moves in fine steps from this share of the hint. */
  static final double HINT_FINE = 0.9;

  /** A hinted climb's fine steps: this share of the hint (twice it below {@link #HINT_FINE}). */
  static final double HINT_STEP = 0.05;

  public FindMaxLoadPathSpec {
    if (initialStepUsers < 1) {
      throw new IllegalArgumentException("initialStepUsers: must be >= 1, was " + initialStepUsers);
    }
    Durations.requirePositive("initialStepDuration", initialStepDuration);
    Durations.requireNonNegative("probeRampUp", probeRampUp);
    Durations.requireNonNegative("probeWarmUp", probeWarmUp);
    Durations.requirePositive("probeQosPeriod", probeQosPeriod);
    Durations.requirePositive("verificationQosPeriod", verificationQosPeriod);
    if (!(precisionPercent > 0)) {
      throw new IllegalArgumentException("precisionPercent: must be > 0, was " + precisionPercent);
    }
    if (verificationRepeats < 0) {
      throw new IllegalArgumentException(
          "verificationRepeats: must be >= 0, was " + verificationRepeats);
    }
    if (maxUsers < initialStepUsers) {
      throw new IllegalArgumentException(
          "maxUsers: must be >= initialStepUsers " + initialStepUsers + ", was " + maxUsers);
    }
    if (maxPassHint < 0) {
      throw new IllegalArgumentException("maxPassHint: must be >= 0, was " + maxPassHint);
    }
    if (!(marginalBandPercent >= 0 && marginalBandPercent < 100)) {
      throw new IllegalArgumentException(
          "marginalBandPercent: must be >= 0 and < 100, was " + marginalBandPercent);
    }
  }

  /** A step of the climb by default. */
  public static final Duration DEFAULT_STEP_DURATION = Duration.ofSeconds(20);

  /** A probe's ramp from the previous user count by default. */
  public static final Duration DEFAULT_PROBE_RAMP_UP = Duration.ofSeconds(30);

  /** The search's precision by default, in percent of the highest pass. */
  public static final double DEFAULT_PRECISION_PERCENT = 2.5;

  /**
   * The marginal band by default, in percent of a rule's limit either side: see the simulation
   * table in decision 0022 for what it does to the answer's bias and spread.
   */
  public static final double DEFAULT_MARGINAL_BAND_PERCENT = 25;

  /** A probe's judged window by default. */
  public static final Duration DEFAULT_PROBE_QOS_PERIOD = Duration.ofSeconds(60);

  /** A probe's warm-up by default. */
  public static final Duration DEFAULT_PROBE_WARM_UP = Duration.ofSeconds(30);

  /** How often the answer is verified by default. */
  public static final int DEFAULT_VERIFICATIONS = 1;

  /**
   * Defaults: 20 s steps, probes of 30 s ramp, 30 s warm-up, 60 s judged; 2.5 % precision; the
   * answer verified once over 120 s.
   */
  public static FindMaxLoadPathSpec withDefaults(int initialStepUsers, int maxUsers) {
    return bound(initialStepUsers, null, null, null, null, null, null, null, maxUsers, null, null);
  }

  /**
   * As a file writes it: {@code initialStep} and {@code maxUsers} are required, every other key has
   * its default.
   */
  @JsonCreator
  static FindMaxLoadPathSpec bound(
      @JsonProperty("initialStep") Integer initialStep,
      @JsonProperty("initialStepDuration") Duration initialStepDuration,
      @JsonProperty("probeRampUp") Duration probeRampUp,
      @JsonProperty("probeWarmUp") Duration probeWarmUp,
      @JsonProperty("probeQosPeriod") Duration probeQosPeriod,
      @JsonProperty("precisionPercent") Double precisionPercent,
      @JsonProperty("verificationRepeats") Integer verificationRepeats,
      @JsonProperty("verificationQosPeriod") Duration verificationQosPeriod,
      @JsonProperty("maxUsers") Integer maxUsers,
      @JsonProperty("maxPassHint") Integer maxPassHint,
      @JsonProperty("marginalBandPercent") Double marginalBandPercent) {
    if (initialStep == null) {
      throw new IllegalArgumentException("initialStep: is required, a number of users >= 1");
    }
    if (maxUsers == null) {
      throw new IllegalArgumentException("maxUsers: is required, a number of users");
    }
    Duration probe = probeQosPeriod == null ? DEFAULT_PROBE_QOS_PERIOD : probeQosPeriod;
    return new FindMaxLoadPathSpec(
        initialStep,
        initialStepDuration == null ? DEFAULT_STEP_DURATION : initialStepDuration,
        probeRampUp == null ? DEFAULT_PROBE_RAMP_UP : probeRampUp,
        probeWarmUp == null ? DEFAULT_PROBE_WARM_UP : probeWarmUp,
        probe,
        precisionPercent == null ? DEFAULT_PRECISION_PERCENT : precisionPercent,
        verificationRepeats == null ? DEFAULT_VERIFICATIONS : verificationRepeats,
        verificationQosPeriod == null ? defaultVerificationPeriod(probe) : verificationQosPeriod,
        maxUsers,
        maxPassHint == null ? 0 : maxPassHint,
        marginalBandPercent == null ? DEFAULT_MARGINAL_BAND_PERCENT : marginalBandPercent);
  }

  @Override
  public int mostUsers() {
    return maxUsers;
  }

  /** A verification's judged window unless given: twice a probe's. */
  public static Duration defaultVerificationPeriod(Duration probeQosPeriod) {
    return probeQosPeriod.multipliedBy(2);
  }

  /** The first step of the climb: half the hint, or one step. */
  int firstStepUsers() {
    if (maxPassHint == 0) {
      return initialStepUsers;
    }
    return (int) Math.min(maxUsers, Math.max(1, Math.round(maxPassHint * HINT_WARM)));
  }

  /**
   * The climb's next step above {@code users}: one step without a hint; with one, steps of twice
   * {@link #HINT_STEP} of it up to {@link #HINT_FINE} of it, then of {@link #HINT_STEP}.
   */
  int nextStepUsers(int users) {
    if (maxPassHint == 0) {
      return Math.min(maxUsers, users + initialStepUsers);
    }
    int fine = (int) Math.round(maxPassHint * HINT_FINE);
    int step = (int) Math.max(1, Math.round(maxPassHint * HINT_STEP));
    int next = users < fine ? Math.min(fine, users + 2 * step) : users + step;
    return Math.min(maxUsers, next);
  }

  @Override
  public LoadPathInstance newInstance() {
    return new FindMaxLoadPathInstance(this);
  }
}
