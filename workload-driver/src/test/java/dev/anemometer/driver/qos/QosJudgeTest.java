package dev.anemometer.driver.qos;

import static dev.anemometer.driver.operation.OperationType.GET_ACTIVE_AUCTIONS;
import static dev.anemometer.driver.operation.OperationType.GET_AUCTION_DETAIL;
import static dev.anemometer.driver.operation.OperationType.GET_NEXT_BID;
import static dev.anemometer.driver.operation.OperationType.LOGIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthThresholds;
import dev.anemometer.driver.stats.Histograms;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class QosJudgeTest {

  private final QosSpec defaults = QosSpec.weathervaneDefaults();

  /** Judges only {@code type}: no mix rule, so each test isolates one rule. */
  private QosVerdict judgeAlone(QosSpec spec, OperationType type, OperationStats stats) {
    QosSpec alone = spec.withoutMix();
    return new QosJudge(alone, HealthThresholds.DEFAULTS).judge(interval(Map.of(type, stats)));
  }

  private static IntervalStats interval(Map<OperationType, OperationStats> operations) {
    return new IntervalStats(0, 10_000_000_000L, operations, DriverHealth.NONE);
  }

  /** {@code fast} operations at 100 ms and {@code slow} at the given latency. */
  private static OperationStats latencies(int fast, int slow, long slowMicros) {
    Histogram histogram = Histograms.empty();
    histogram.recordValueWithCount(100_000, fast);
    if (slow > 0) {
      histogram.recordValueWithCount(slowMicros, slow);
    }
    return new OperationStats(histogram, Histograms.empty(), Map.of());
  }

  @Test
  void responseTimePassesWithExactlyNinetyNinePercentWithinTheLimit() {
    QosVerdict verdict = judgeAlone(defaults, GET_AUCTION_DETAIL, latencies(99, 1, 2_400_000));

    assertThat(verdict.passed()).isTrue();
  }

  @Test
  void responseTimeFailsJustBelowNinetyNinePercentAndSaysWhy() {
    QosVerdict verdict = judgeAlone(defaults, GET_AUCTION_DETAIL, latencies(989, 11, 2_400_000));

    assertThat(verdict.passed()).isFalse();
    assertThat(verdict.failureMessages())
        .containsExactly("GetAuctionDetail p99 2.4 s > 2 s (98.9 % within)");
  }

  @Test
  void eachOperationHasItsOwnLimit() {
    assertThat(judgeAlone(defaults, LOGIN, latencies(90, 10, 2_900_000)).passed()).isTrue();
    assertThat(judgeAlone(defaults, LOGIN, latencies(90, 10, 3_100_000)).passed()).isFalse();
    assertThat(judgeAlone(defaults, GET_AUCTION_DETAIL, latencies(90, 10, 2_100_000)).passed())
        .isFalse();
  }

  @Test
  void theLongPollIsNotJudgedOnTime() {
    QosVerdict verdict = judgeAlone(defaults, GET_NEXT_BID, latencies(1, 99, 30_000_000));

    assertThat(verdict.passed()).isTrue();
    assertThat(verdict.results())
        .extracting(RuleResult::rule)
        .containsExactly(QosRule.FAILURES, QosRule.NOTIFICATION, QosRule.NOTIFICATION);
  }

  @Test
  void aBidSeenLateByFollowersFailsTheNotificationRule() {
    Histogram bidsMicros = Histograms.empty();
    bidsMicros.recordValueWithCount(50_000, 98);
    bidsMicros.recordValueWithCount(2_500_000, 2);
    IntervalStats stats =
        new IntervalStats(
            0,
            10_000_000_000L,
            Map.of(GET_NEXT_BID, latencies(100, 0, 0)),
            DriverHealth.NONE,
            Map.of(Notification.BID, bidsMicros));

    QosVerdict verdict =
        new QosJudge(defaults.withoutMix(), HealthThresholds.DEFAULTS).judge(stats);

    assertThat(verdict.passed()).isFalse();
    assertThat(verdict.failures())
        .singleElement()
        .satisfies(
            rule -> {
              assertThat(rule.rule()).isEqualTo(QosRule.NOTIFICATION);
              assertThat(rule.notification()).isEqualTo(Notification.BID);
              assertThat(rule.operation()).isEqualTo(GET_NEXT_BID);
              assertThat(rule.message()).isEqualTo("BidNotification p99 2.5 s > 2 s (98 % within)");
            });
  }

  @Test
  void thePercentileIsConfigurable() {
    QosSpec p90 = defaults.withPercentile(90);

    assertThat(judgeAlone(p90, GET_AUCTION_DETAIL, latencies(90, 10, 2_400_000)).passed()).isTrue();
    assertThat(judgeAlone(p90, GET_AUCTION_DETAIL, latencies(89, 11, 2_400_000)).passed())
        .isFalse();
  }

  @Test
  void failuresMayBeAtMostHalfAPercent() {
    OperationStats atLimit =
        new OperationStats(
            latencies(995, 0, 0).latencyMicros(), Histograms.empty(), Map.of("status 500", 5L));
    OperationStats over =
        new OperationStats(
            latencies(994, 0, 0).latencyMicros(), Histograms.empty(), Map.of("status 500", 6L));

    assertThat(judgeAlone(defaults, LOGIN, atLimit).passed()).isTrue();
    QosVerdict verdict = judgeAlone(defaults, LOGIN, over);
    assertThat(verdict.passed()).isFalse();
    assertThat(verdict.failureMessages())
        .containsExactly("Login failures 0.6 % > 0.5 % (status 500: 6)");
  }

  @Test
  void mixToleranceIsRelativeToTheExpectedShare() {
    // Only two operations expected: 20 % and 80 %. GetActiveAuctions ±10 % → [18 %, 22 %];
    // GetAuctionDetail ±20 % → [64 %, 96 %].
    QosSpec spec =
        new QosSpec(
            99,
            defaults.defaultLimit(),
            Map.of(),
            Set.of(),
            Map.of(GET_ACTIVE_AUCTIONS, 20.0, GET_AUCTION_DETAIL, 80.0),
            Map.of(GET_ACTIVE_AUCTIONS, 0.10),
            0.20,
            0.5);
    QosJudge judge = new QosJudge(spec, HealthThresholds.DEFAULTS);

    // 10,000 operations: counting noise (3 × √2000 ≈ 134) is below the tolerance (200).
    assertThat(judge.judge(mix(1800, 8200)).passed()).isTrue();
    assertThat(judge.judge(mix(2200, 7800)).passed()).isTrue();
    QosVerdict low = judge.judge(mix(1700, 8300));
    assertThat(low.failureMessages())
        .containsExactly("GetActiveAuctions mix 17 % outside 20 % ± 10 %");
    assertThat(judge.judge(mix(2300, 7700)).passed()).isFalse();
  }

  @Test
  void aSmallWindowIsAllowedItsCountingNoiseButNoMore() {
    QosSpec spec =
        new QosSpec(
            99,
            defaults.defaultLimit(),
            Map.of(),
            Set.of(),
            Map.of(GET_ACTIVE_AUCTIONS, 20.0, GET_AUCTION_DETAIL, 80.0),
            Map.of(GET_ACTIVE_AUCTIONS, 0.10, GET_AUCTION_DETAIL, 0.10),
            0.20,
            0.5);
    QosJudge judge = new QosJudge(spec, HealthThresholds.DEFAULTS);

    // 100 operations: 20 GetActiveAuctions expected, chance moves that by 3 × √20 ≈ 13.4.
    assertThat(judge.judge(mix(10, 90)).passed()).isTrue();
    QosVerdict skewed = judge.judge(mix(6, 94));
    assertThat(skewed.passed()).isFalse();
    assertThat(skewed.failureMessages())
        .containsExactly(
            "GetActiveAuctions mix 6 % outside 20 % ± 10 % (± 67.08 % counting noise: 20 expected)");
  }

  @Test
  void withoutTheMixOnlyResponseTimesAndFailuresAreJudged() {
    QosJudge judge = new QosJudge(defaults, HealthThresholds.DEFAULTS);
    IntervalStats onlyLogins = interval(Map.of(LOGIN, latencies(1000, 0, 0)));

    assertThat(judge.judge(onlyLogins).passed()).isFalse();
    QosVerdict verdict = judge.judgeWithoutMix(onlyLogins);
    assertThat(verdict.passed()).isTrue();
    assertThat(verdict.results()).extracting(RuleResult::rule).doesNotContain(QosRule.MIX);
  }

  @Test
  void everyFailedRuleIsListedAndAnIdleIntervalFails() {
    Map<OperationType, OperationStats> operations = new EnumMap<>(OperationType.class);
    operations.put(GET_NEXT_BID, latencies(1000, 0, 0));
    QosVerdict verdict =
        new QosJudge(defaults, HealthThresholds.DEFAULTS).judge(interval(operations));

    assertThat(verdict.passed()).isFalse();
    assertThat(verdict.failureMessages())
        .contains(
            "GetNextBid mix 100 % outside 46.43 % ± 10 % (± 13.92 % counting noise: 464.3 expected)",
            "Login mix 0 % outside 2.35 % ± 20 % (± 61.89 % counting noise: 23.5 expected)");
    QosVerdict idle = new QosJudge(defaults, HealthThresholds.DEFAULTS).judge(interval(Map.of()));
    assertThat(idle.passed()).isFalse();
    assertThat(idle.invalidReasons()).containsExactly("no operation completed");
  }

  @Test
  void anIntervalWhereTheDriverLaggedIsInvalid() {
    IntervalStats lagging =
        new IntervalStats(
            0, 1, Map.of(LOGIN, latencies(100, 0, 0)), new DriverHealth(900_000, 0.1, 0));

    QosVerdict verdict =
        new QosJudge(defaults.withoutMix(), HealthThresholds.DEFAULTS).judge(lagging);

    assertThat(verdict.passed()).isTrue();
    assertThat(verdict.valid()).isFalse();
    assertThat(verdict.invalidReasons()).containsExactly("driver event-loop lag 900 ms > 200 ms");
  }

  @Test
  void anIntervalWhereTheDriverRanOutOfDescriptorsIsInvalidAndItsFailuresStillCount() {
    OperationStats starved =
        new OperationStats(
            latencies(900, 0, 0).latencyMicros(),
            Histograms.empty(),
            Map.of("DRIVER_OUT_OF_FILES on GET /", 7L, "status 500", 1L));
    OperationStats alsoStarved =
        new OperationStats(
            latencies(900, 0, 0).latencyMicros(),
            Histograms.empty(),
            Map.of("DRIVER_OUT_OF_FILES on POST /login", 3L));

    QosVerdict verdict =
        new QosJudge(defaults.withoutMix(), HealthThresholds.DEFAULTS)
            .judge(interval(Map.of(GET_AUCTION_DETAIL, starved, LOGIN, alsoStarved)));

    assertThat(verdict.valid()).isFalse();
    assertThat(verdict.invalidReasons())
        .singleElement()
        .asString()
        .startsWith("driver out of open files: 10 requests got no connection");
    assertThat(verdict.passed()).isFalse();
  }

  private static IntervalStats mix(int activeAuctions, int auctionDetail) {
    return interval(
        Map.of(
            GET_ACTIVE_AUCTIONS, latencies(activeAuctions, 0, 0),
            GET_AUCTION_DETAIL, latencies(auctionDetail, 0, 0)));
  }
}
