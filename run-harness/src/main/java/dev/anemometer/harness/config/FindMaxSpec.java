package dev.anemometer.harness.config;

import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The findMax search (SPEC §3.4), for every app instance: a climb in short steps finds the region,
 * full probes (ramp, warm-up, QoS period) bisect it. Its phases are its own, not those of {@code
 * qos}: a fixed run's long periods would make the search take an hour.
 *
 * @param initialStep users added per step of the climb; absent: a tenth of the ceiling
 * @param ceiling the most users the search tries; absent: 4/5 of each instance's maxUsers, the most
 *     at which the live auctions (maxUsers / 15, 13 users each) keep the expected mix with a margin
 *     <p>A key left out takes the driver's default ({@link FindMaxLoadPathSpec}): the harness
 *     states none of its own, so a findMax run from the harness and one from the driver's command
 *     line search alike.
 * @param precision percent: stop when (lowest fail − highest pass) / highest pass is below it
 * @param verifications how often the answer is run again, over {@code verificationPeriod}, and must
 *     pass again before it stands; absent: once
 * @param step how long each step of the climb runs (judged on response times and failures)
 * @param rampUp a probe's ramp from the previous user count
 * @param warmUp a probe's warm-up before it is judged
 * @param qosPeriod the judged part of a probe
 * @param verificationPeriod the judged part of a verification of the answer; absent: twice {@code
 *     qosPeriod}
 * @param maxPassHint where the peak is expected: a user count (or one per app instance, comma
 *     separated), {@code previous} for the peak of the newest earlier run of the same name, or
 *     absent; the climb then warms up at half of it, climbs to 90 % of it in steps of 10 % of it
 *     and on in steps of 5 %
 * @param marginalBand percent of a rule's limit, either side: a probe whose worst response-time or
 *     failure rule lands within it runs again, and two agreeing windows decide; 0 never
 */
public record FindMaxSpec(
    Integer initialStep,
    Integer ceiling,
    Double precision,
    Integer verifications,
    Duration step,
    Duration rampUp,
    Duration warmUp,
    Duration qosPeriod,
    Duration verificationPeriod,
    String maxPassHint,
    Double marginalBand) {

  /**
   * The default ceiling in percent of maxUsers: the data has maxUsers / 15 live auctions and the
   * driver lets 13 users follow each auction in play (behaviour key followers.usersPerAuction), so
   * up to 13 / 15 of maxUsers every user finds auctions sized for the expected mix; 80 % keeps a
   * margin below that bound.
   */
  public static final int DEFAULT_CEILING_PERCENT = 80;

  /** {@code maxPassHint: previous}: the peak of the newest earlier run of the same name. */
  public static final String PREVIOUS = "previous";

  public FindMaxSpec {
    precision = precision == null ? FindMaxLoadPathSpec.DEFAULT_PRECISION_PERCENT : precision;
    step = step == null ? FindMaxLoadPathSpec.DEFAULT_STEP_DURATION : step;
    rampUp = rampUp == null ? FindMaxLoadPathSpec.DEFAULT_PROBE_RAMP_UP : rampUp;
    warmUp = warmUp == null ? FindMaxLoadPathSpec.DEFAULT_PROBE_WARM_UP : warmUp;
    qosPeriod = qosPeriod == null ? FindMaxLoadPathSpec.DEFAULT_PROBE_QOS_PERIOD : qosPeriod;
    verifications =
        verifications == null ? FindMaxLoadPathSpec.DEFAULT_VERIFICATIONS : verifications;
    verificationPeriod =
        verificationPeriod == null
            ? FindMaxLoadPathSpec.defaultVerificationPeriod(qosPeriod)
            : verificationPeriod;
    maxPassHint = maxPassHint == null || maxPassHint.isBlank() ? null : maxPassHint.trim();
    marginalBand =
        marginalBand == null ? FindMaxLoadPathSpec.DEFAULT_MARGINAL_BAND_PERCENT : marginalBand;
  }

  /** The driver's defaults of every phase and of the marginal band, no hint. */
  public FindMaxSpec(
      Integer initialStep, Integer ceiling, Double precision, Integer verifications) {
    this(initialStep, ceiling, precision, verifications, null, null, null, null, null, null, null);
  }

  /** The ceiling for an instance whose data holds {@code maxUsers} users. */
  public int ceilingFor(int maxUsers) {
    int sized = (int) Math.max(1, (long) maxUsers * DEFAULT_CEILING_PERCENT / 100);
    return ceiling == null ? sized : Math.min(ceiling, maxUsers);
  }

  /** The initial step for an instance whose data holds {@code maxUsers} users. */
  public int initialStepFor(int maxUsers) {
    int top = ceilingFor(maxUsers);
    return initialStep == null ? Math.max(1, top / 10) : Math.min(initialStep, top);
  }

  public boolean hintFromPrevious() {
    return PREVIOUS.equalsIgnoreCase(maxPassHint);
  }

  /**
   * The hint of app instance {@code index}: the one number given, or its own of a list; 0 when
   * there is none (or {@code previous} is still unresolved).
   */
  public int hintFor(int index) {
    List<Integer> hints = hints();
    if (hints.isEmpty()) {
      return 0;
    }
    return hints.size() == 1 ? hints.get(0) : index < hints.size() ? hints.get(index) : 0;
  }

  /** The numbers of {@code maxPassHint}; empty when absent or {@code previous}. */
  public List<Integer> hints() {
    List<Integer> hints = new ArrayList<>();
    if (maxPassHint == null || hintFromPrevious()) {
      return hints;
    }
    for (String part : maxPassHint.split(",")) {
      hints.add(Integer.parseInt(part.trim()));
    }
    return hints;
  }

  /** The same search up to {@code users} at most, for every instance. */
  public FindMaxSpec withCeiling(int users) {
    return with(users, maxPassHint);
  }

  /** The same search with the hint replaced by per-instance numbers (0: none for that instance). */
  public FindMaxSpec withHints(List<Integer> perInstance) {
    String text =
        perInstance.stream().allMatch(h -> h == 0)
            ? null
            : String.join(",", perInstance.stream().map(String::valueOf).toList());
    return with(ceiling, text);
  }

  private FindMaxSpec with(Integer newCeiling, String newHint) {
    return new FindMaxSpec(
        initialStep,
        newCeiling,
        precision,
        verifications,
        step,
        rampUp,
        warmUp,
        qosPeriod,
        verificationPeriod,
        newHint,
        marginalBand);
  }
}
