package dev.anemometer.auction.user;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.ApiResponse;
import dev.anemometer.auction.support.AppIntegrationTest;
import dev.anemometer.auction.support.AuctionFixtures.FixtureUser;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class UserApiIT extends AppIntegrationTest {

  @Test
  void loginGivesATokenThatOpensTheOwnProfile() {
    FixtureUser user = fixtures.user();
    ApiResponse login =
        api.postJson(
            "/api/login",
            null,
            json("{'username':'" + user.email() + "','password':'" + user.password() + "'}"));

    assertThat(login.status()).isEqualTo(200);
    assertThat(login.json().get("userId").asLong()).isEqualTo(user.id());
    String token = login.json().get("token").asString();

    ApiResponse profile = api.get("/api/users/" + user.id(), token);
    assertThat(profile.status()).isEqualTo(200);
    JsonNode body = profile.json();
    assertThat(body.get("email").asString()).isEqualTo(user.email());
    assertThat(body.get("creditLimit").decimalValue()).isEqualByComparingTo("10000");
    assertThat(body.has("passwordHash")).isFalse();
  }

  @Test
  void wrongPasswordAndUnknownUserAnswer401Alike() {
    FixtureUser user = fixtures.user();
    ApiResponse wrong =
        api.postJson(
            "/api/login", null, json("{'username':'" + user.email() + "','password':'nope'}"));
    ApiResponse unknown =
        api.postJson("/api/login", null, json("{'username':'nobody@x.test','password':'nope'}"));

    assertThat(wrong.status()).isEqualTo(401);
    assertThat(unknown.status()).isEqualTo(401);
    assertThat(wrong.json().get("type").asString())
        .as(wrong.toString())
        .isEqualTo("https://anemometer.dev/problems/bad-credentials");
    assertThat(unknown.text()).isEqualTo(wrong.text());
  }

  @Test
  void ownerUpdatesTheProfileAndSeesItAtOnce() {
    FixtureUser user = fixtures.user();
    String token = api.login(user);
    api.get("/api/users/" + user.id(), token); // fills the cache that the update must evict

    ApiResponse updated =
        api.putJson(
            "/api/users/" + user.id(),
            token,
            "{\"firstName\":\"Ada\",\"lastName\":\"O'Brien' OR 1=1 --\"}");

    assertThat(updated.status()).isEqualTo(200);
    JsonNode profile = api.get("/api/users/" + user.id(), token).json();
    assertThat(profile.get("firstName").asString()).isEqualTo("Ada");
    assertThat(profile.get("lastName").asString()).isEqualTo("O'Brien' OR 1=1 --");
  }

  @Test
  void anotherUsersProfileIsForbidden() {
    FixtureUser owner = fixtures.user();
    FixtureUser other = fixtures.user();
    String token = api.login(other);

    assertThat(api.get("/api/users/" + owner.id(), token).status()).isEqualTo(403);
    assertThat(
            api.putJson("/api/users/" + owner.id(), token, json("{'firstName':'x','lastName':'y'}"))
                .status())
        .isEqualTo(403);
  }

  @Test
  void logoutRevokesTheTokenAndEndsOpenAttendances() {
    FixtureUser user = fixtures.user();
    long auction = fixtures.runningAuction(user.id(), 2).id();
    String token = api.login(user);
    assertThat(
            api.send(
                    "POST",
                    "/api/auctions/" + auction + "/attendance",
                    token,
                    null,
                    null,
                    java.util.Map.of())
                .status())
        .isEqualTo(201);

    assertThat(api.send("POST", "/api/logout", token, null, null, java.util.Map.of()).status())
        .isEqualTo(204);

    assertThat(api.get("/api/users/" + user.id(), token).status()).isEqualTo(401);
    Integer open =
        jdbc.queryForObject(
            "SELECT count(*) FROM attendance WHERE user_id = ? AND left_at IS NULL",
            Integer.class,
            user.id());
    assertThat(open).isZero();
  }
}
