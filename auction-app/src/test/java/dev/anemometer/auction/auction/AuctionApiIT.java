package dev.anemometer.auction.auction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.auction.support.ApiResponse;
import dev.anemometer.auction.support.AppIntegrationTest;
import dev.anemometer.auction.support.AuctionFixtures.FixtureAuction;
import dev.anemometer.auction.support.AuctionFixtures.FixtureUser;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class AuctionApiIT extends AppIntegrationTest {

  @Test
  void liveAuctionsArePagedAndListOnlyRunningOnes() {
    FixtureUser user = fixtures.user();
    FixtureAuction running = fixtures.runningAuction(user.id(), 3);
    long future = fixtures.auction(user.id(), "FUTURE");
    String token = api.login(user);

    // The list is cached for a second; poll until the new auction shows.
    List<Long> ids =
        await("the new auction to be listed")
            .atMost(Duration.ofSeconds(20))
            .until(() -> allLiveAuctionIds(token), listed -> listed.contains(running.id()));

    assertThat(ids).doesNotContain(future);
    ApiResponse page = api.get("/api/auctions/live?page=0&size=1", token);
    assertThat(page.json().get("size").asInt()).isEqualTo(1);
    assertThat(page.json().get("items")).hasSize(1);
    assertThat(page.json().get("total").asLong()).isGreaterThanOrEqualTo(1);
  }

  @Test
  void detailAndItemsOfAnAuction() {
    FixtureUser user = fixtures.user();
    FixtureAuction auction = fixtures.runningAuction(user.id(), 7);
    String token = api.login(user);

    JsonNode detail = api.get("/api/auctions/" + auction.id(), token).json();
    assertThat(detail.get("state").asString()).isEqualTo("RUNNING");
    assertThat(detail.get("itemCount").asLong()).isEqualTo(7);

    JsonNode second =
        api.get("/api/auctions/" + auction.id() + "/items?page=1&size=5", token).json();
    assertThat(second.get("total").asLong()).isEqualTo(7);
    assertThat(second.get("items")).hasSize(2);
    assertThat(second.get("items").get(0).get("id").asLong()).isEqualTo(auction.itemIds().get(5));

    JsonNode first = api.get("/api/auctions/" + auction.id() + "/items", token).json();
    assertThat(first.get("items").get(0).get("state").asString()).isEqualTo("ACTIVE");
  }

  @Test
  void theItemsPageCarriesEachItemsImageIdsForItsThumbnails() {
    FixtureUser user = fixtures.user();
    FixtureAuction auction = fixtures.runningAuction(user.id(), 3);
    long firstImage = fixtures.image(auction.itemIds().get(0));
    long secondImage = fixtures.image(auction.itemIds().get(0));
    long otherItemImage = fixtures.image(auction.itemIds().get(2));
    String token = api.login(user);

    JsonNode items = api.get("/api/auctions/" + auction.id() + "/items", token).json().get("items");

    assertThat(items.get(0).get("imageIds"))
        .extracting(JsonNode::asLong)
        .containsExactly(firstImage, secondImage);
    assertThat(items.get(1).get("imageIds")).isEmpty();
    assertThat(items.get(2).get("imageIds"))
        .extracting(JsonNode::asLong)
        .containsExactly(otherItemImage);
  }

  @Test
  void unknownAuctionIsNotFound() {
    String token = api.login(fixtures.user());

    ApiResponse detail = api.get("/api/auctions/987654321", token);
    ApiResponse items = api.get("/api/auctions/987654321/items", token);

    assertThat(detail.status()).isEqualTo(404);
    assertThat(detail.contentType()).startsWith("application/problem+json");
    assertThat(items.status()).isEqualTo(404);
  }

  private List<Long> allLiveAuctionIds(String token) {
    List<Long> ids = new ArrayList<>();
    for (int page = 0; ; page++) {
      JsonNode body = api.get("/api/auctions/live?page=" + page + "&size=100", token).json();
      body.get("items").forEach(item -> ids.add(item.get("id").asLong()));
      if (body.get("items").size() < 100) {
        return ids;
      }
    }
  }
}
