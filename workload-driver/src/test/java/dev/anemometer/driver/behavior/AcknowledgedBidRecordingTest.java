package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.FakeHttpClient.Reply;
import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.operation.OperationOutcome;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.operation.Operations;
import dev.anemometer.driver.operation.UserContext;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** PlaceBid reports exactly the bids the app acknowledged with 201 to the audit's sink. */
class AcknowledgedBidRecordingTest {

  private static final String BIDS = "POST /api/auctions/(\\d+)/items/(\\d+)/bids";

  private final UsersFixture fixture = new UsersFixture();
  private final Behavior behavior = Behavior.load("default");
  private final AcknowledgedBids acknowledged = new AcknowledgedBids();
  private final Operations operations =
      new Operations(behavior.pageSize(), behavior.bidStrategy(), acknowledged);
  private final UserContext user =
      new UserContext(
          fixture.client.newSession(URI.create("http://127.0.0.1:9"), 4),
          new SplittableRandom(1),
          7);
  private final List<BigDecimal> amountsSent = new ArrayList<>();
  private final List<Long> itemsBidOn = new ArrayList<>();

  private OperationOutcome run(OperationType type) {
    return fixture.run(operations, type, user);
  }

  /** Logs in (user 7), joins an auction and bids once on its current item. */
  private OperationOutcome bidAnswered(Supplier<Reply> reply) {
    fixture.app.on(
        BIDS,
        (m, r) -> {
          String body = new String(r.body(), StandardCharsets.UTF_8);
          amountsSent.add(new BigDecimal(body.replaceAll("[^0-9.]", "")));
          itemsBidOn.add(Long.parseLong(m.group(2)));
          return reply.get();
        });
    run(OperationType.LOGIN);
    run(OperationType.GET_ACTIVE_AUCTIONS);
    run(OperationType.JOIN_AUCTION);
    return run(OperationType.PLACE_BID);
  }

  private List<String> recorded() {
    List<String> rows = new ArrayList<>();
    acknowledged.forEach(
        (bidId, itemId, bidderId, cents, outcome) ->
            rows.add(bidId + " " + itemId + " " + bidderId + " " + cents + " " + outcome));
    return rows;
  }

  @Test
  void aBidAnsweredWith201IsRecordedWithItsIdItemUserAndAmount() {
    OperationOutcome bid =
        bidAnswered(
            () ->
                FakeApp.reply(
                    201,
                    "{\"bidId\":5001,\"outcome\":\"OUTBID\",\"highBid\":"
                        + FakeApp.highBid("30.00", 5, "OPEN", 3)
                        + "}"));

    assertThat(bid.failed()).isFalse();
    long itemId = itemsBidOn.get(0);
    long cents = amountsSent.get(0).movePointRight(2).longValueExact();
    assertThat(recorded()).containsExactly("5001 " + itemId + " 7 " + cents + " OUTBID");
  }

  @Test
  void aConflictIsNotAnAcknowledgedBid() {
    OperationOutcome bid =
        bidAnswered(
            () ->
                FakeApp.reply(
                    409, "{\"type\":\"https://anemometer.dev/problems/auction-not-running\"}"));

    assertThat(bid.failureReason()).startsWith("status 409");
    assertThat(amountsSent).hasSize(1);
    assertThat(recorded()).isEmpty();
  }

  @Test
  void aRejectedAmountIsNotAnAcknowledgedBid() {
    OperationOutcome bid =
        bidAnswered(() -> FakeApp.reply(400, "{\"title\":\"amount must be greater than 0\"}"));

    assertThat(bid.failureReason()).startsWith("status 400");
    assertThat(recorded()).isEmpty();
  }

  @Test
  void aReplyWithoutBidIdCannotBeAuditedAndIsNotRecorded() {
    OperationOutcome bid =
        bidAnswered(
            () ->
                FakeApp.reply(
                    201,
                    "{\"outcome\":\"ACCEPTED_HIGH\",\"highBid\":"
                        + FakeApp.highBid("21.00", 4, "OPEN", 7)
                        + "}"));

    assertThat(bid.failed()).isFalse();
    assertThat(recorded()).isEmpty();
  }
}
