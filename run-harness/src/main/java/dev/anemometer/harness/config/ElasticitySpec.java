package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.hibernate.validator.constraints.time.DurationMin;

/**
 * Tier sizes that change during a run (SPEC §4.7): a fixed schedule, a reactive policy, or both.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElasticitySpec(
    @ConfigDefault("`[]`") @JsonPropertyDescription("fixed changes, below")
        List<@Valid Step> schedule,
    @ConfigDefault("none") @JsonPropertyDescription("the reactive policy, below") @Valid
        ReactiveSpec reactive,
    @ConfigDefault("`2s`")
        @JsonPropertyDescription(
            "driver stats interval while changes or faults are planned (≥ 1s); "
                + "reactive decisions and recovery times have this resolution")
        @DurationMin(seconds = 1, message = "must be ≥ 1s")
        Duration statsInterval,
    @ConfigDefault("`3s`")
        @JsonPropertyDescription(
            "how long a new app server gets no traffic from the load balancer after "
                + "its readiness probe answers (JIT, pools); local target (on compose "
                + "HAProxy routes to a container once its health check passes)")
        Duration warmUp,
    @ConfigDefault("`35s`")
        @JsonPropertyDescription(
            "how long a drained server (local) or container (compose) may keep "
                + "requests and long polls before it is stopped; its graceful shutdown "
                + "then answers the parked long polls with 204")
        Duration drainTimeout) {

  public static final Duration DEFAULT_STATS_INTERVAL = Duration.ofSeconds(2);

  public ElasticitySpec {
    schedule = schedule == null ? List.of() : List.copyOf(schedule);
    statsInterval = statsInterval == null ? DEFAULT_STATS_INTERVAL : statsInterval;
    warmUp = warmUp == null ? Duration.ofSeconds(3) : warmUp;
    drainTimeout = drainTimeout == null ? Duration.ofSeconds(35) : drainTimeout;
  }

  public ElasticitySpec(List<Step> schedule) {
    this(schedule, null, null, null, null);
  }

  /** What a scheduled change or fault says of its time when it has none, or one before the load. */
  static final String AT_REQUIRED = "is required, a duration ≥ 0 from the start of the load";

  /**
   * At {@code at} from the start of the load, or from the start of load-path segment {@code
   * segment} when given, set {@code tier} of app instance {@code appInstance} to {@code instances}.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Step(
      @JsonPropertyDescription(
              "duration from the start of the load (or from the start of `segment`)")
          @NotNull(message = AT_REQUIRED)
          @NonNegativeDuration(message = AT_REQUIRED)
          Duration at,
      @JsonPropertyDescription(
              "`app`, `web` or `lb`, not `db` (it must be deployed; the local target scales `app` only)")
          TierName tier,
      @JsonPropertyDescription("new size (app ≥ 1)") int instances,
      @ConfigDefault("`0`") @JsonPropertyDescription("which app instance") Integer appInstance,
      @ConfigDefault("none")
          @JsonPropertyDescription("a load-path segment (0-based) that `at` counts from")
          Integer segment) {

    public Step(Duration at, TierName tier, int instances, Integer appInstance) {
      this(at, tier, instances, appInstance, null);
    }

    public int appInstanceIndex() {
      return appInstance == null ? 0 : appInstance;
    }
  }

  /**
   * Scales the app tier of app instance {@code appInstance} by one server when the judged p99 (ms)
   * or the app servers' CPU (share of one core per server, 0..1) crosses a threshold for {@code
   * sustainIntervals} stats intervals in a row, at most once per {@code coolDown}, between {@code
   * min} and {@code max} servers.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ReactiveSpec(
      @ConfigDefault("`0`") @JsonPropertyDescription("which app instance") Integer appInstance,
      @ConfigDefault("`1`") @JsonPropertyDescription("servers, ≥ 1") @Min(1) Integer min,
      @ConfigDefault("required") @JsonPropertyDescription("servers, ≥ `min`") Integer max,
      @ConfigDefault("none")
          @JsonPropertyDescription(
              "ms: one server more when an interval's worst QoS percentile "
                  + "(`qos.percentile`) over the operations judged on time (the long poll is not) is above it")
          Double p99UpMillis,
      @ConfigDefault("none")
          @JsonPropertyDescription(
              "ms: one server less when that percentile is below it (and so is every "
                  + "other measure with a lower threshold)")
          Double p99DownMillis,
      @ConfigDefault("none")
          @JsonPropertyDescription(
              "cores: one server more when the mean CPU per app server over the "
                  + "interval is above it (0.5 = half a core); local target from the "
                  + "processes, kubernetes from the metrics API (a window of it, typically "
                  + "15 s, later); compose does not measure it")
          Double cpuUp,
      @ConfigDefault("none")
          @JsonPropertyDescription(
              "cores: one server less when that mean is below it (and so is every "
                  + "other measure with a lower threshold)")
          Double cpuDown,
      @ConfigDefault("`30s`")
          @JsonPropertyDescription("the least time between two decisions that changed the tier")
          Duration coolDown,
      @ConfigDefault("`1`")
          @JsonPropertyDescription(
              "stats intervals in a row a threshold must be crossed before the policy "
                  + "acts (≥ 1): more ignores one noisy interval (a JIT burst, a GC pause)")
          @Min(1)
          Integer sustainIntervals) {

    public ReactiveSpec(
        Integer appInstance,
        Integer min,
        Integer max,
        Double p99UpMillis,
        Double p99DownMillis,
        Double cpuUp,
        Double cpuDown,
        Duration coolDown) {
      this(appInstance, min, max, p99UpMillis, p99DownMillis, cpuUp, cpuDown, coolDown, null);
    }

    /** One interval by default: a spike is acted on at the first interval that shows it. */
    public int sustainIntervalsOrDefault() {
      return sustainIntervals == null ? 1 : sustainIntervals;
    }

    public int appInstanceIndex() {
      return appInstance == null ? 0 : appInstance;
    }

    public Duration coolDownOrDefault() {
      return coolDown == null ? Duration.ofSeconds(30) : coolDown;
    }
  }
}
