package dev.anemometer.driver.behavior;

import static dev.anemometer.driver.operation.OperationType.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.driver.operation.OperationType;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The long-run mix of the default behaviour's main chain against the expected shares of SPEC §3.2.
 * Followers' GetCurrentItem and GetNextBid depend on the auctions' pace, not on the chain, so the
 * expected shares are renormalised over the other operations.
 */
class DefaultBehaviorMixTest {

  /** SPEC §3.2, percent of all operations. */
  static final Map<OperationType, Double> EXPECTED_SHARES = new EnumMap<>(OperationType.class);

  static {
    EXPECTED_SHARES.put(HOME_PAGE, 2.35);
    EXPECTED_SHARES.put(LOGIN, 2.35);
    EXPECTED_SHARES.put(GET_ACTIVE_AUCTIONS, 10.95);
    EXPECTED_SHARES.put(GET_AUCTION_DETAIL, 3.90);
    EXPECTED_SHARES.put(GET_USER_PROFILE, 2.35);
    EXPECTED_SHARES.put(JOIN_AUCTION, 4.69);
    EXPECTED_SHARES.put(PLACE_BID, 2.20);
    EXPECTED_SHARES.put(GET_BID_HISTORY, 2.35);
    EXPECTED_SHARES.put(GET_ATTENDANCE_HISTORY, 2.36);
    EXPECTED_SHARES.put(GET_PURCHASE_HISTORY, 2.35);
    EXPECTED_SHARES.put(GET_ITEM_DETAIL, 3.91);
    EXPECTED_SHARES.put(GET_IMAGE_FOR_ITEM, 3.91);
    EXPECTED_SHARES.put(ADD_ITEM, 2.35);
    EXPECTED_SHARES.put(LOGOUT, 2.35);
  }

  @Test
  void longRunMixOfTheMainChainMatchesTheSpecShares() {
    Behavior behavior = Behavior.load("default");
    SplittableRandom random = new SplittableRandom(42);
    Map<OperationType, Long> visits = new EnumMap<>(OperationType.class);
    int following = 0;
    OperationType current = behavior.start();
    int steps = 2_000_000;
    for (int i = 0; i < steps; i++) {
      visits.merge(current, 1L, Long::sum);
      if (current == JOIN_AUCTION) {
        following++;
      } else if (current == LOGOUT) {
        following = 0;
      }
      int followed = following;
      current =
          behavior
              .next(
                  current,
                  condition ->
                      switch (condition) {
                        case NO_LIVE_AUCTIONS -> false;
                        case CAN_JOIN -> followed < behavior.maxFollowedAuctions();
                        case CAN_BID, FOLLOWING -> followed > 0;
                      },
                  random)
              .operation();
    }

    Map<OperationType, Double> expected = renormalised(EXPECTED_SHARES);
    expected.forEach(
        (type, share) -> {
          double actual = visits.getOrDefault(type, 0L) / (double) steps;
          // 3 % relative: far inside the QoS tolerances (10 % / 20 %), well above sampling noise.
          assertThat(actual).as(type.displayName()).isCloseTo(share, within(share * 0.03));
        });
    assertThat(visits).doesNotContainKeys(GET_CURRENT_ITEM, GET_NEXT_BID, UPDATE_USER_PROFILE);
  }

  static Map<OperationType, Double> renormalised(Map<OperationType, Double> shares) {
    double total = shares.values().stream().mapToDouble(Double::doubleValue).sum();
    Map<OperationType, Double> normalised = new EnumMap<>(OperationType.class);
    shares.forEach((type, share) -> normalised.put(type, share / total));
    return normalised;
  }
}
