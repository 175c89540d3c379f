package dev.anemometer.driver.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.syntax.ConfigDefault;
import java.time.Duration;
import java.util.Map;

/**
 * How a run is judged and how long a fixed run's phases last, as a configuration file writes them
 * (SPEC §3.2, §3.4); the harness's configuration binds it as its {@code qos} section.
 */
public record QosPhases(
    @ConfigDefault("`99`")
        @JsonPropertyDescription("% of operations that must meet their response-time limit")
        Double percentile,
    @ConfigDefault("`5m` (quickstart `60s`)") @JsonPropertyDescription("one QoS period")
        Duration interval,
    @ConfigDefault("`4m` (quickstart `30s`)")
        @JsonPropertyDescription("how long the users take to arrive")
        Duration rampUp,
    @ConfigDefault("`5m` (quickstart `60s`)")
        @JsonPropertyDescription("how long the full load runs before it is judged")
        Duration warmUp,
    @ConfigDefault("`1`")
        @JsonPropertyDescription("QoS periods judged one after the other; each must pass")
        Integer qosPeriods,
    @ConfigDefault("`2m` (quickstart `5s`)")
        @JsonPropertyDescription("how long the users take to leave after the last period")
        Duration rampDown,
    @ConfigDefault("`2s`")
        @JsonPropertyDescription(
            "how late followers may learn of a new bid, at the percentile "
                + "([concepts](concepts.md#how-late-followers-learn-of-a-change))")
        Duration bidNotificationLimit,
    @ConfigDefault("`3s`")
        @JsonPropertyDescription(
            "how late followers may learn of an item change (last call, sold, next "
                + "item), at the percentile")
        Duration itemNotificationLimit) {

  /** A {@code qos} section that says nothing: every phase and limit at its default. */
  public static final QosPhases DEFAULTS =
      new QosPhases(null, null, null, null, null, null, null, null);

  /** The defaults of a section that leaves keys out, declared here and nowhere else. */
  public QosPhases {
    percentile = percentile == null ? 99 : percentile;
    interval = interval == null ? Duration.ofMinutes(5) : interval;
    rampUp = rampUp == null ? Duration.ofMinutes(4) : rampUp;
    warmUp = warmUp == null ? Duration.ofMinutes(5) : warmUp;
    qosPeriods = qosPeriods == null ? 1 : qosPeriods;
    rampDown = rampDown == null ? Duration.ofMinutes(2) : rampDown;
    bidNotificationLimit =
        bidNotificationLimit == null ? QosSpec.BID_NOTIFICATION_LIMIT : bidNotificationLimit;
    itemNotificationLimit =
        itemNotificationLimit == null ? QosSpec.ITEM_NOTIFICATION_LIMIT : itemNotificationLimit;
  }

  /** Phases with the default notification limits. */
  public QosPhases(
      double percentile,
      Duration interval,
      Duration rampUp,
      Duration warmUp,
      int qosPeriods,
      Duration rampDown) {
    this(percentile, interval, rampUp, warmUp, qosPeriods, rampDown, null, null);
  }

  /** Weathervane's QoS rules, judged at this percentile. */
  public QosSpec rules() {
    Map<Notification, Duration> limits = QosSpec.defaultNotificationLimits();
    limits.put(Notification.BID, bidNotificationLimit);
    limits.put(Notification.ITEM_CHANGE, itemNotificationLimit);
    return QosSpec.weathervaneDefaults().withPercentile(percentile).withNotificationLimits(limits);
  }

  /** A fixed load path of {@code users} through these phases. */
  public FixedLoadPathSpec fixedPath(int users) {
    return new FixedLoadPathSpec(users, rampUp, warmUp, qosPeriods, interval, rampDown);
  }

  /** How long a fixed load path runs: ramp-up, warm-up, the QoS periods and ramp-down. */
  public Duration fixedLength() {
    return rampUp.plus(warmUp).plus(interval.multipliedBy(qosPeriods)).plus(rampDown);
  }
}
