package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The findMax search (SPEC §3.4), for every app instance: a climb in short steps finds the region,
 * full probes (ramp, warm-up, QoS period) bisect it. Its phases are its own, not those of {@code
 * qos}: a fixed run's long periods would make the search take an hour.
 *
 * <p>A key left out takes the driver's default ({@link FindMaxLoadPathSpec}): the harness states
 * none of its own, so a findMax run from the harness and one from the driver's command line search
 * alike.
 */
public record FindMaxSpec(
    @ConfigDefault("ceiling / 10")
        @JsonPropertyDescription("users added per step of the climb")
        @Min(value = 1, groups = FindMaxRules.class)
        Integer initialStep,
    @ConfigDefault("4/5 of each instance's `maxUsers`")
        @JsonPropertyDescription(
            "users; the search never goes above it (≤ `maxUsers`). The data has "
                + "`maxUsers` / 15 live auctions of up to 13 followers, so up to 13/15 of "
                + "`maxUsers` every user finds auctions sized for the expected mix. A "
                + "peak at the ceiling is a lower bound, and the run says so")
        @Min(value = 1, groups = FindMaxRules.class)
        Integer ceiling,
    @ConfigDefault("`2.5`")
        @JsonPropertyDescription(
            "percent, (0, 50]: the search stops when (lowest fail − highest pass) / "
                + "highest pass is below it")
        @Positive(message = "must be a percentage > 0", groups = FindMaxRules.class)
        @DecimalMax(
            value = "50",
            message = "must be a percentage ≤ 50",
            groups = FindMaxRules.class)
        Double precision,
    @ConfigDefault("`1`")
        @JsonPropertyDescription(
            "how often the answer runs again over `verificationPeriod` and must "
                + "pass again (0–10); one that fails becomes the bracket's upper end and "
                + "the search goes on below it")
        @Min(value = 0, message = "must be between 0 and 10", groups = FindMaxRules.class)
        @Max(value = 10, message = "must be between 0 and 10", groups = FindMaxRules.class)
        Integer verifications,
    @ConfigDefault("`20s`")
        @JsonPropertyDescription(
            "the judged length of the climb's first step; a later step brings its "
                + "users in during its own window, at `rampUp`'s pace, so its window "
                + "lasts `rampUp`, at least `step`")
        @PositiveDuration(groups = FindMaxRules.class)
        Duration step,
    @ConfigDefault("`30s`")
        @JsonPropertyDescription(
            "the first step's ramp, and a probe's ramp from the previous user "
                + "count: its users arrive at the climb's pace (`initialStep` users per "
                + "`rampUp`), over at least 5 s and at most `rampUp`")
        @NonNegativeDuration(groups = FindMaxRules.class)
        Duration rampUp,
    @ConfigDefault("`30s`")
        @JsonPropertyDescription(
            "a probe's warm-up before it is judged, for a probe that brings a "
                + "step's users or more; one that brings fewer warms up for that share of "
                + "it (at least 5 s); none for a probe at the users of a window that just passed")
        @NonNegativeDuration(groups = FindMaxRules.class)
        Duration warmUp,
    @ConfigDefault("`60s`")
        @JsonPropertyDescription("the judged part of a probe")
        @PositiveDuration(groups = FindMaxRules.class)
        Duration qosPeriod,
    @ConfigDefault("twice `qosPeriod`")
        @JsonPropertyDescription(
            "the judged part of a verification: the answer rests on a window this long")
        @PositiveDuration(groups = FindMaxRules.class)
        Duration verificationPeriod,
    @ConfigDefault("none")
        @JsonPropertyDescription(
            "where the peak is expected: a user count (or one per app instance, "
                + "comma separated), or `previous`: the peak of the newest earlier "
                + "findMax run of the same `name` under the results folder. The climb "
                + "then warms the stack up at half of it, climbs to 90 % of it in steps "
                + "of 10 % of it and on in steps of 5 % (Weathervane's `maxPassHint`). "
                + "The resolved numbers are saved in the run's `config.yaml`")
        String maxPassHint,
    @ConfigDefault("`25`")
        @JsonPropertyDescription(
            "percent of a rule's limit, either side, [0, 50]: a probe or "
                + "verification whose worst response-time or failure rule lies between "
                + "limit / 1.25 and limit × 1.25 (a p99 of 1.6–2.5 s against 2 s), "
                + "passing or failing, runs again, and two agreeing windows decide (a "
                + "third when the first two disagree); `0` never")
        @PositiveOrZero(message = "must be a percentage ≥ 0", groups = FindMaxRules.class)
        @DecimalMax(
            value = "50",
            message = "must be a percentage ≤ 50",
            groups = FindMaxRules.class)
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
