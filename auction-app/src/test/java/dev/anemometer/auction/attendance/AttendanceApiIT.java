package dev.anemometer.auction.attendance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.ApiResponse;
import dev.anemometer.auction.support.AppIntegrationTest;
import dev.anemometer.auction.support.AuctionFixtures.FixtureUser;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class AttendanceApiIT extends AppIntegrationTest {

  @Test
  void joinLeaveAndSeeItInTheHistory() {
    FixtureUser user = fixtures.user();
    long auction = fixtures.runningAuction(user.id(), 2).id();
    String token = api.login(user);

    ApiResponse joined = join(auction, token);
    ApiResponse again = join(auction, token);
    ApiResponse left = api.delete("/api/auctions/" + auction + "/attendance", token);

    assertThat(joined.status()).isEqualTo(201);
    assertThat(again.json().get("id").asLong()).isEqualTo(joined.json().get("id").asLong());
    assertThat(left.status()).isEqualTo(204);
    JsonNode history = api.get("/api/users/" + user.id() + "/attendance?size=10", token).json();
    assertThat(history.get("total").asLong()).isEqualTo(1);
    JsonNode entry = history.get("items").get(0);
    assertThat(entry.get("auctionId").asLong()).isEqualTo(auction);
    assertThat(entry.get("leftAt").isNull()).isFalse();
  }

  @Test
  void anAttendanceStillOpenHasANullLeftAtInTheHistory() {
    FixtureUser user = fixtures.user();
    long auction = fixtures.runningAuction(user.id(), 1).id();
    String token = api.login(user);

    ApiResponse joined = join(auction, token);

    JsonNode history = api.get("/api/users/" + user.id() + "/attendance", token).json();
    JsonNode entry = history.get("items").get(0);
    assertThat(entry.get("id").asLong()).isEqualTo(joined.json().get("id").asLong());
    assertThat(entry.get("joinedAt").isString()).isTrue();
    assertThat(entry.has("leftAt")).isTrue();
    assertThat(entry.get("leftAt").isNull()).isTrue();
  }

  @Test
  void joiningAnAuctionThatIsNotRunningIsAConflict() {
    FixtureUser user = fixtures.user();
    long future = fixtures.auction(user.id(), "FUTURE");
    String token = api.login(user);

    ApiResponse response = join(future, token);

    assertThat(response.status()).isEqualTo(409);
    assertThat(response.json().get("type").asString())
        .isEqualTo("https://anemometer.dev/problems/auction-not-running");
  }

  @Test
  void anotherUsersAttendanceHistoryIsForbidden() {
    FixtureUser owner = fixtures.user();
    String token = api.login(fixtures.user());

    assertThat(api.get("/api/users/" + owner.id() + "/attendance", token).status()).isEqualTo(403);
  }

  private ApiResponse join(long auction, String token) {
    return api.send(
        "POST", "/api/auctions/" + auction + "/attendance", token, null, null, Map.of());
  }
}
