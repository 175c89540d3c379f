package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.util.List;

/**
 * Tier sizes that change during a run (SPEC §4.7): a fixed schedule, a reactive policy, or both.
 *
 * @param statsInterval how often the driver cuts interval stats while changes or faults are
 *     planned; recovery times and reactive decisions have this resolution
 * @param warmUp how long a new app server serves nothing after its readiness probe answers, before
 *     the load balancer sends it traffic (JIT, pools)
 * @param drainTimeout how long a drained server may keep sessions (in-flight requests, parked long
 *     polls) before it is stopped; its graceful shutdown then answers the long polls with 204
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElasticitySpec(
    List<Step> schedule,
    ReactiveSpec reactive,
    Duration statsInterval,
    Duration warmUp,
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

  /**
   * At {@code at} from the start of the load, or from the start of load-path segment {@code
   * segment} when given, set {@code tier} of app instance {@code appInstance} to {@code instances}.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Step(
      Duration at, TierName tier, int instances, Integer appInstance, Integer segment) {

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
      Integer appInstance,
      Integer min,
      Integer max,
      Double p99UpMillis,
      Double p99DownMillis,
      Double cpuUp,
      Double cpuDown,
      Duration coolDown,
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
