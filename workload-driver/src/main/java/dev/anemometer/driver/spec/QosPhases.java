package dev.anemometer.driver.spec;

import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.qos.QosSpec;
import java.time.Duration;
import java.util.Map;

/**
 * How a run is judged and how long a fixed run's phases last, as a configuration file writes them
 * (SPEC §3.2, §3.4); the harness's configuration binds it as its {@code qos} section.
 *
 * @param percentile share of operations that must meet their response-time limit
 * @param interval length of one QoS period
 * @param bidNotificationLimit how late followers may learn of a new bid at the percentile
 * @param itemNotificationLimit how late followers may learn of an item change at the percentile
 */
public record QosPhases(
    double percentile,
    Duration interval,
    Duration rampUp,
    Duration warmUp,
    int qosPeriods,
    Duration rampDown,
    Duration bidNotificationLimit,
    Duration itemNotificationLimit) {

  /** Phases with the default notification limits. */
  public QosPhases(
      double percentile,
      Duration interval,
      Duration rampUp,
      Duration warmUp,
      int qosPeriods,
      Duration rampDown) {
    this(
        percentile,
        interval,
        rampUp,
        warmUp,
        qosPeriods,
        rampDown,
        QosSpec.BID_NOTIFICATION_LIMIT,
        QosSpec.ITEM_NOTIFICATION_LIMIT);
  }

  /** Weathervane's QoS rules, judged at this percentile. */
  public QosSpec rules() {
    Map<Notification, Duration> limits = QosSpec.defaultNotificationLimits();
    if (bidNotificationLimit != null) {
      limits.put(Notification.BID, bidNotificationLimit);
    }
    if (itemNotificationLimit != null) {
      limits.put(Notification.ITEM_CHANGE, itemNotificationLimit);
    }
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
