package dev.anemometer.driver.qos;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The QoS rules of SPEC §3.2. An operation is judged when its expected share is above zero (or,
 * when no mix is expected, when it occurred at all).
 *
 * @param percentile share of operations, in percent, that must finish within their limit (99)
 * @param defaultLimit response-time limit of operations without their own
 * @param limits per-operation response-time limits
 * @param notTimeJudged operations whose response time is not judged (long polls)
 * @param expectedMixPercent expected share of all operations, in percent; empty for no mix rule
 * @param mixTolerance per-operation allowed deviation relative to the expected share (0.1 = ±10 %)
 * @param defaultMixTolerance the relative deviation allowed for the others
 * @param maxFailurePercent largest share of an operation's executions that may fail, in percent
 * @param notificationLimits per kind of change, how late followers may learn of it at the
 *     percentile (docs/concepts.md says why 2 s for a bid, 3 s for an item change); empty for no
 *     notification rule
 */
public record QosSpec(
    double percentile,
    Duration defaultLimit,
    Map<OperationType, Duration> limits,
    Set<OperationType> notTimeJudged,
    Map<OperationType, Double> expectedMixPercent,
    Map<OperationType, Double> mixTolerance,
    double defaultMixTolerance,
    double maxFailurePercent,
    Map<Notification, Duration> notificationLimits) {

  /**
   * A new high bid on a follower's screen within 2 s: what a user's own request gets (SPEC §3.2),
   * and short against a bidding war, where the next bid may come a few seconds later.
   */
  public static final Duration BID_NOTIFICATION_LIMIT = Duration.ofSeconds(2);

  /**
   * An item change within 3 s, as for GetCurrentItem: the next item on sale is seen by fetching it,
   * and a follower that finds the auction between two items looks again a second later.
   */
  public static final Duration ITEM_NOTIFICATION_LIMIT = Duration.ofSeconds(3);

  public QosSpec {
    if (!(percentile > 0 && percentile <= 100)) {
      throw new IllegalArgumentException("percentile: must be in (0, 100], was " + percentile);
    }
    if (defaultLimit == null || defaultLimit.isNegative() || defaultLimit.isZero()) {
      throw new IllegalArgumentException("defaultLimit: must be > 0, was " + defaultLimit);
    }
    if (!(maxFailurePercent >= 0 && maxFailurePercent <= 100)) {
      throw new IllegalArgumentException(
          "maxFailurePercent: must be in [0, 100], was " + maxFailurePercent);
    }
    limits = Map.copyOf(limits);
    notTimeJudged = notTimeJudged.isEmpty() ? Set.of() : EnumSet.copyOf(notTimeJudged);
    expectedMixPercent = Map.copyOf(expectedMixPercent);
    mixTolerance = Map.copyOf(mixTolerance);
    notificationLimits = Map.copyOf(notificationLimits);
  }

  /** Rules with the default notification limits. */
  public QosSpec(
      double percentile,
      Duration defaultLimit,
      Map<OperationType, Duration> limits,
      Set<OperationType> notTimeJudged,
      Map<OperationType, Double> expectedMixPercent,
      Map<OperationType, Double> mixTolerance,
      double defaultMixTolerance,
      double maxFailurePercent) {
    this(
        percentile,
        defaultLimit,
        limits,
        notTimeJudged,
        expectedMixPercent,
        mixTolerance,
        defaultMixTolerance,
        maxFailurePercent,
        defaultNotificationLimits());
  }

  public static Map<Notification, Duration> defaultNotificationLimits() {
    Map<Notification, Duration> limits = new EnumMap<>(Notification.class);
    limits.put(Notification.BID, BID_NOTIFICATION_LIMIT);
    limits.put(Notification.ITEM_CHANGE, ITEM_NOTIFICATION_LIMIT);
    return limits;
  }

  /** Weathervane's rules for its default user. */
  public static QosSpec weathervaneDefaults() {
    Map<OperationType, Duration> limits = new EnumMap<>(OperationType.class);
    limits.put(OperationType.LOGIN, Duration.ofSeconds(3));
    limits.put(OperationType.LOGOUT, Duration.ofSeconds(3));
    limits.put(OperationType.JOIN_AUCTION, Duration.ofSeconds(4));
    limits.put(OperationType.GET_CURRENT_ITEM, Duration.ofSeconds(3));
    limits.put(OperationType.GET_IMAGE_FOR_ITEM, Duration.ofSeconds(5));
    Map<OperationType, Double> tolerance = new EnumMap<>(OperationType.class);
    tolerance.put(OperationType.GET_ACTIVE_AUCTIONS, 0.10);
    tolerance.put(OperationType.GET_CURRENT_ITEM, 0.10);
    tolerance.put(OperationType.GET_NEXT_BID, 0.10);
    return new QosSpec(
        99,
        Duration.ofSeconds(2),
        limits,
        EnumSet.of(OperationType.GET_NEXT_BID),
        defaultMix(),
        tolerance,
        0.20,
        0.5);
  }

  /** The expected shares of Weathervane's default user, in percent. */
  public static Map<OperationType, Double> defaultMix() {
    Map<OperationType, Double> mix = new EnumMap<>(OperationType.class);
    mix.put(OperationType.HOME_PAGE, 2.35);
    mix.put(OperationType.LOGIN, 2.35);
    mix.put(OperationType.GET_ACTIVE_AUCTIONS, 10.95);
    mix.put(OperationType.GET_AUCTION_DETAIL, 3.90);
    mix.put(OperationType.GET_USER_PROFILE, 2.35);
    mix.put(OperationType.JOIN_AUCTION, 4.69);
    mix.put(OperationType.GET_CURRENT_ITEM, 5.23);
    mix.put(OperationType.GET_NEXT_BID, 46.43);
    mix.put(OperationType.PLACE_BID, 2.20);
    mix.put(OperationType.GET_BID_HISTORY, 2.35);
    mix.put(OperationType.GET_ATTENDANCE_HISTORY, 2.36);
    mix.put(OperationType.GET_PURCHASE_HISTORY, 2.35);
    mix.put(OperationType.GET_ITEM_DETAIL, 3.91);
    mix.put(OperationType.GET_IMAGE_FOR_ITEM, 3.91);
    mix.put(OperationType.ADD_ITEM, 2.35);
    mix.put(OperationType.LOGOUT, 2.35);
    return mix;
  }

  public Duration limit(OperationType type) {
    return limits.getOrDefault(type, defaultLimit);
  }

  public double tolerance(OperationType type) {
    return mixTolerance.getOrDefault(type, defaultMixTolerance);
  }

  public QosSpec withPercentile(double newPercentile) {
    return new QosSpec(
        newPercentile,
        defaultLimit,
        limits,
        notTimeJudged,
        expectedMixPercent,
        mixTolerance,
        defaultMixTolerance,
        maxFailurePercent,
        notificationLimits);
  }

  public QosSpec withNotificationLimits(Map<Notification, Duration> newLimits) {
    return new QosSpec(
        percentile,
        defaultLimit,
        limits,
        notTimeJudged,
        expectedMixPercent,
        mixTolerance,
        defaultMixTolerance,
        maxFailurePercent,
        newLimits);
  }

  /** The same rules without the mix rule, for behaviours other than the default. */
  public QosSpec withoutMix() {
    return new QosSpec(
        percentile,
        defaultLimit,
        limits,
        notTimeJudged,
        Map.of(),
        mixTolerance,
        defaultMixTolerance,
        maxFailurePercent,
        notificationLimits);
  }
}
