package dev.anemometer.auction.item;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.ApiResponse;
import dev.anemometer.auction.support.AppIntegrationTest;
import dev.anemometer.auction.support.AuctionFixtures.FixtureUser;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ItemApiIT extends AppIntegrationTest {

  @Test
  void addedItemIsListedByTheCallerAndStoredVerbatim() {
    FixtureUser seller = fixtures.user();
    String token = api.login(seller);

    ApiResponse created =
        api.postJson(
            "/api/items",
            token,
            "{\"shortDescription\":\"Lamp' OR 1=1 --\",\"longDescription\":\"A brass lamp\","
                + "\"manufacturer\":\"Acme\",\"condition\":\"USED\",\"startingBid\":12.50}");

    assertThat(created.status()).isEqualTo(201);
    long id = created.json().get("id").asLong();
    assertThat(created.header("Location")).isEqualTo("/api/items/" + id);
    JsonNode item = api.get("/api/items/" + id, token).json();
    assertThat(item.get("sellerId").asLong()).isEqualTo(seller.id());
    assertThat(item.get("state").asString()).isEqualTo("LISTED");
    assertThat(item.get("shortDescription").asString()).isEqualTo("Lamp' OR 1=1 --");
    assertThat(item.get("startingBid").decimalValue()).isEqualByComparingTo("12.50");
    assertThat(item.get("imageIds")).isEmpty();
  }

  @Test
  void aNewItemIsStampedWithTheAppsClock() {
    FixtureUser seller = fixtures.user();
    String token = api.login(seller);
    Instant listed = Instant.parse("2031-05-04T10:15:30Z");
    TIME.set(listed);

    JsonNode first = api.postJson("/api/items", token, lamp("first")).json();
    TIME.advance(Duration.ofHours(3));
    JsonNode second = api.postJson("/api/items", token, lamp("second")).json();

    assertThat(Instant.parse(first.get("createdAt").asString())).isEqualTo(listed);
    assertThat(Instant.parse(second.get("createdAt").asString()))
        .isEqualTo(listed.plus(Duration.ofHours(3)));
  }

  @Test
  void invalidItemNamesEveryBadField() {
    String token = api.login(fixtures.user());

    ApiResponse refused =
        api.postJson(
            "/api/items",
            token,
            "{\"shortDescription\":\"\",\"longDescription\":\"x\",\"manufacturer\":\"Acme\","
                + "\"condition\":\"NEW\",\"startingBid\":0}");

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.contentType()).startsWith("application/problem+json");
    assertThat(refused.json().get("errors").findValuesAsString("field"))
        .containsExactlyInAnyOrder("shortDescription", "startingBid");
  }

  @Test
  void aNulCharacterIsRefusedAsInvalidNotAsAConflict() {
    String token = api.login(fixtures.user());

    ApiResponse refused =
        api.postJson(
            "/api/items",
            token,
            "{\"shortDescription\":\"a\\u0000b\",\"longDescription\":\"x\","
                + "\"manufacturer\":\"Acme\",\"condition\":\"NEW\",\"startingBid\":1}");

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("type").asString())
        .isEqualTo("https://anemometer.dev/problems/validation");
  }

  @Test
  void itemDetailListsImagesInOrder() {
    FixtureUser seller = fixtures.user();
    long item = fixtures.item(seller.id(), null, 0, "LISTED");
    long first = fixtures.image(item);
    long second = fixtures.image(item);
    String token = api.login(seller);

    JsonNode detail = api.get("/api/items/" + item, token).json();

    assertThat(detail.get("imageIds").valueStream().map(JsonNode::asLong))
        .containsExactly(first, second);
  }

  private static String lamp(String name) {
    return "{\"shortDescription\":\""
        + name
        + "\",\"longDescription\":\"A brass lamp\","
        + "\"manufacturer\":\"Acme\",\"condition\":\"USED\",\"startingBid\":12.50}";
  }
}
