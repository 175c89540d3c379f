package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.FakeHttpClient.Reply;
import dev.anemometer.driver.http.FailureReason;
import dev.anemometer.driver.http.HttpResponse;
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
import org.junit.jupiter.api.Test;

/** Single operations against the canned app: requests sent, checks made, reasons given. */
class OperationsTest {

  private final UsersFixture fixture = new UsersFixture();
  private final Behavior behavior = Behavior.load("default");
  private final Operations operations = new Operations(behavior.pageSize(), behavior.bidStrategy());
  private final UserContext user =
      new UserContext(
          fixture.client.newSession(URI.create("http://127.0.0.1:9"), 4),
          new SplittableRandom(1),
          7);

  private OperationOutcome run(OperationType type) {
    return fixture.run(operations, type, user);
  }

  private List<String> sent() {
    return fixture.sent(0);
  }

  @Test
  void transportFailuresNameTheTemplatedPathNotTheIds() {
    run(OperationType.LOGIN);
    run(OperationType.GET_ACTIVE_AUCTIONS);
    fixture.app.on(
        "GET /api/auctions/(\\d+)/current-item",
        (m, r) -> new Reply(HttpResponse.failure(FailureReason.READ_TIMEOUT, 0, 5), 5));

    OperationOutcome join = run(OperationType.JOIN_AUCTION);

    assertThat(join.failureReason())
        .isEqualTo("READ_TIMEOUT on GET /api/auctions/{id}/current-item");
    assertThat(user.followed()).isEmpty();
  }

  @Test
  void bodiesThatAreNotJsonFailWithAStableReason() {
    run(OperationType.LOGIN);
    fixture.app.on("GET /api/auctions/live", (m, r) -> FakeApp.ok("<html>"));

    assertThat(run(OperationType.GET_ACTIVE_AUCTIONS).failureReason())
        .isEqualTo("invalid JSON in GET /api/auctions/live");
  }

  @Test
  void loginSendsTheAccountsCredentialsAndKeepsTheToken() {
    List<String> bodies = new ArrayList<>();
    fixture.app.on(
        "POST /api/login",
        (m, r) -> {
          bodies.add(new String(r.body(), StandardCharsets.UTF_8));
          return FakeApp.ok("{\"userId\":70,\"token\":\"abc\",\"expires\":1}");
        });

    assertThat(run(OperationType.LOGIN).failed()).isFalse();

    assertThat(bodies)
        .containsExactly("{\"username\":\"user7@auction.test\",\"password\":\"password7\"}");
    assertThat(fixture.client.sessions.get(0).token).isEqualTo("abc");
    assertThat(user.userId()).isEqualTo(70);
  }

  @Test
  void bidsRaiseTheCurrentPriceWithinBoundsAndNotWhenAlreadyHighBidder() {
    List<BigDecimal> amounts = new ArrayList<>();
    fixture.app.on(
        "POST /api/auctions/(\\d+)/items/(\\d+)/bids",
        (m, r) -> {
          String body = new String(r.body(), StandardCharsets.UTF_8);
          amounts.add(new BigDecimal(body.replaceAll("[^0-9.]", "")));
          return FakeApp.reply(
              201,
              "{\"outcome\":\"ACCEPTED_HIGH\",\"highBid\":"
                  + FakeApp.highBid("21.00", 4, "OPEN", 7)
                  + "}");
        });
    run(OperationType.LOGIN);
    run(OperationType.GET_ACTIVE_AUCTIONS);
    run(OperationType.JOIN_AUCTION);
    assertThat(operations.canBid(user)).isTrue();

    assertThat(run(OperationType.PLACE_BID).failed()).isFalse();

    // Current high bid 20.00: the bid is 20 × (1 + [0.5 %, 6 %]).
    assertThat(amounts)
        .singleElement()
        .satisfies(a -> assertThat(a).isBetween(new BigDecimal("20.10"), new BigDecimal("21.20")));
    // The answer made this user (id 7) the high bidder: nothing more to bid on.
    assertThat(operations.canBid(user)).isFalse();

    // A PlaceBid chosen a cycle time earlier still goes out, as a click on an open page would:
    // the app decides (ACCEPTED_HIGH, OUTBID, ITEM_NOT_ACTIVE); the driver counts no failure.
    assertThat(run(OperationType.PLACE_BID).failed()).isFalse();
    assertThat(amounts).hasSize(2);
  }

  @Test
  void homePageFetchesItsAssetsAndPurchasesTheirThumbnails() {
    run(OperationType.HOME_PAGE);
    run(OperationType.LOGIN);
    run(OperationType.GET_PURCHASE_HISTORY);

    assertThat(sent())
        .contains(
            "GET /",
            "GET /css/app.css",
            "GET /js/app.js",
            "GET /api/users/7/purchases?page=0&size=5",
            "GET /api/items/201/images/3?size=THUMBNAIL")
        .noneMatch(request -> request.startsWith("GET /api/items/202/images"));
  }

  @Test
  void auctionDetailThenItemDetailThenOneFullImage() {
    run(OperationType.LOGIN);
    run(OperationType.GET_ACTIVE_AUCTIONS);
    assertThat(run(OperationType.GET_AUCTION_DETAIL).failed()).isFalse();
    assertThat(run(OperationType.GET_ITEM_DETAIL).failed()).isFalse();
    assertThat(run(OperationType.GET_IMAGE_FOR_ITEM).failed()).isFalse();

    assertThat(sent())
        .contains(
            "GET /api/items/101/images/7?size=THUMBNAIL",
            "GET /api/items/102/images/9?size=THUMBNAIL")
        .anyMatch(request -> request.matches("GET /api/items/10[12]/images/[789]\\?size=PREVIEW"))
        .anyMatch(request -> request.matches("GET /api/items/10[12]/images/[789]\\?size=FULL"));
  }

  @Test
  void logoutForgetsTheLoginEvenWhenTheServerFails() {
    run(OperationType.LOGIN);
    fixture.app.on("POST /api/logout", (m, r) -> FakeApp.status(503));

    assertThat(run(OperationType.LOGOUT).failureReason())
        .isEqualTo("status 503 on POST /api/logout");
    assertThat(user.loggedIn()).isFalse();
    assertThat(fixture.client.sessions.get(0).token).isNull();
  }

  @Test
  void profileUpdateLeavingAndSellingOperationsSendTheirRequests() {
    run(OperationType.LOGIN);
    run(OperationType.GET_USER_PROFILE);
    run(OperationType.GET_ACTIVE_AUCTIONS);
    run(OperationType.JOIN_AUCTION);

    assertThat(run(OperationType.UPDATE_USER_PROFILE).failed()).isFalse();
    assertThat(run(OperationType.LEAVE_AUCTION).failed()).isFalse();
    assertThat(user.followed()).isEmpty();
    assertThat(run(OperationType.ADD_ITEM).failed()).isFalse();
    assertThat(run(OperationType.ADD_IMAGE_FOR_ITEM).failed()).isFalse();

    assertThat(fixture.client.sessions.get(0).bodies)
        .anyMatch(
            body ->
                body.contains("\"condition\":\"")
                    && body.matches(".*\"(NEW|LIKE_NEW|USED|REFURBISHED|FOR_PARTS)\".*"));
    assertThat(sent())
        .contains("PUT /api/users/7", "POST /api/items", "POST /api/items/555/images")
        .anyMatch(request -> request.matches("DELETE /api/auctions/[123]/attendance"));
  }

  @Test
  void operationsWithNothingToWorkOnFailWithoutSendingAnything() {
    run(OperationType.LOGIN);
    int before = sent().size();

    assertThat(run(OperationType.PLACE_BID).failureReason()).isEqualTo("nothing to bid on");
    assertThat(run(OperationType.GET_ITEM_DETAIL).failureReason())
        .isEqualTo("no item seen before GetItemDetail");
    assertThat(sent()).hasSize(before);
  }
}
