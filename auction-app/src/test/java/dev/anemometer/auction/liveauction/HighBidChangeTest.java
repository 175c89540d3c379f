package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class HighBidChangeTest {

  @Test
  void aChangeSurvivesTheTripThroughItsPayload() {
    HighBidChange change =
        new HighBidChange(
            42,
            new HighBidView(new BigDecimal("123.40"), 7L, 12, "LAST_CALL", 1_700_000_000_123_456L));

    assertThat(change.toPayload()).isEqualTo("42:12:LAST_CALL:123.40:7:1700000000123456");
    assertThat(HighBidChange.parse(change.toPayload())).isEqualTo(change);
  }

  @Test
  void anItemWithoutBidsHasEmptyAmountAndBidder() {
    HighBidChange change = new HighBidChange(5, new HighBidView(null, null, 1, "OPEN"));

    assertThat(change.toPayload()).isEqualTo("5:1:OPEN:::0");
    assertThat(HighBidChange.parse("5:1:OPEN:::0")).isEqualTo(change);
  }

  @Test
  void aPayloadWithoutChangeTimeReadsAsUnknown() {
    assertThat(HighBidChange.parse("5:1:OPEN::").view().changedAtMicros()).isZero();
  }

  @Test
  void aForeignPayloadIsRejected() {
    assertThatThrownBy(() -> HighBidChange.parse("hello"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HighBidChange.parse("x:1:OPEN::"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HighBidChange.parse("1:1:OPEN:abc:"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
