package dev.anemometer.auction.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.AppIntegrationTest;
import dev.anemometer.auction.support.AuctionFixtures.FixtureAuction;
import dev.anemometer.auction.support.AuctionFixtures.FixtureUser;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class HistoryApiIT extends AppIntegrationTest {

  @Test
  void bidHistoryIsPagedNewestFirst() {
    FixtureUser seller = fixtures.user();
    FixtureUser bidder = fixtures.user();
    FixtureAuction auction = fixtures.runningAuction(seller.id(), 1);
    long item = auction.activeItemId();
    for (int i = 1; i <= 7; i++) {
      fixtures.bid(item, auction.id(), bidder.id(), new BigDecimal(10 + i), "ACCEPTED_HIGH");
    }
    String token = api.login(bidder);

    JsonNode first = api.get("/api/users/" + bidder.id() + "/bids?page=0&size=5", token).json();
    JsonNode second = api.get("/api/users/" + bidder.id() + "/bids?page=1&size=5", token).json();

    assertThat(first.get("total").asLong()).isEqualTo(7);
    assertThat(first.get("items")).hasSize(5);
    assertThat(second.get("items")).hasSize(2);
    assertThat(first.get("items").get(0).get("amount").decimalValue()).isEqualByComparingTo("17");
    assertThat(first.get("items").get(0).get("itemDescription").asString()).isEqualTo("Item 0");
  }

  @Test
  void purchasesAreTheSoldItemsTheUserWonWithTheirImages() {
    FixtureUser seller = fixtures.user();
    FixtureUser buyer = fixtures.user();
    FixtureUser rival = fixtures.user();
    FixtureAuction auction = fixtures.runningAuction(seller.id(), 3);
    long won = auction.itemIds().get(1);
    long lost = auction.itemIds().get(2);
    long image = fixtures.image(won);
    fixtures.sold(won, auction.id(), buyer.id(), new BigDecimal("55.00"));
    fixtures.sold(lost, auction.id(), rival.id(), new BigDecimal("60.00"));
    String token = api.login(buyer);

    JsonNode purchases = api.get("/api/users/" + buyer.id() + "/purchases", token).json();

    assertThat(purchases.get("total").asLong()).isEqualTo(1);
    JsonNode purchase = purchases.get("items").get(0);
    assertThat(purchase.get("itemId").asLong()).isEqualTo(won);
    assertThat(purchase.get("amount").decimalValue()).isEqualByComparingTo("55");
    assertThat(purchase.get("imageIds").get(0).asLong()).isEqualTo(image);
  }

  @Test
  void historiesOfAnotherUserAreForbidden() {
    FixtureUser owner = fixtures.user();
    String token = api.login(fixtures.user());

    assertThat(api.get("/api/users/" + owner.id() + "/bids", token).status()).isEqualTo(403);
    assertThat(api.get("/api/users/" + owner.id() + "/purchases", token).status()).isEqualTo(403);
  }
}
