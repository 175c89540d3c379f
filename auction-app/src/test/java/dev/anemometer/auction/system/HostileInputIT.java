package dev.anemometer.auction.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.ApiResponse;
import dev.anemometer.auction.support.AppIntegrationTest;
import dev.anemometer.auction.support.AuctionFixtures.FixtureAuction;
import dev.anemometer.auction.support.AuctionFixtures.FixtureUser;
import dev.anemometer.auction.support.DatabaseSnapshot;
import dev.anemometer.auction.support.Hostile;
import dev.anemometer.auction.support.HostileEndpoint;
import dev.anemometer.auction.support.HostileEndpoints;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Issue 2, "must show" 3: every endpoint, attacked with malformed JSON, wrong types, out-of-range
 * numbers, unknown ids, another user's resources, bad tokens, oversize and fake uploads and
 * SQL-looking strings, answers 4xx problem+json, never a 5xx, and leaves the database unchanged.
 */
class HostileInputIT extends AppIntegrationTest {

  @Test
  void everyEndpointRefusesEveryHostileVariantAndTheDatabaseIsUnchanged() {
    Hostile.Targets targets = targets();
    List<Hostile.Request> requests = new ArrayList<>();
    for (HostileEndpoint endpoint : HostileEndpoints.all(targets.callerEmail())) {
      requests.addAll(Hostile.variants(endpoint, targets));
    }
    requests.addAll(global(targets.token()));
    DatabaseSnapshot before = DatabaseSnapshot.take(jdbc);

    List<String> failures = new ArrayList<>();
    Set<Integer> statuses = new TreeSet<>();
    for (Hostile.Request request : requests) {
      ApiResponse response = api.send(request);
      statuses.add(response.status());
      String problem = refusalProblem(response);
      if (problem != null) {
        failures.add(request.description() + " -> " + problem + ": " + response);
      }
    }

    assertThat(requests).hasSizeGreaterThan(400);
    assertThat(failures).as("refusals that went wrong").isEmpty();
    assertThat(statuses).contains(400, 401, 403, 404, 405, 413, 415);
    assertThat(DatabaseSnapshot.take(jdbc)).isEqualTo(before);
  }

  @Test
  void anOverlongHeaderIsRefusedAsAProblem() {
    ApiResponse response =
        api.send("GET", "/api/auctions/live", "a".repeat(20_000), null, null, Map.of());

    assertThat(response.status()).isBetween(400, 499);
    assertThat(refusalProblem(response)).isNull();
  }

  private Hostile.Targets targets() {
    FixtureUser caller = fixtures.user();
    FixtureUser other = fixtures.user();
    FixtureAuction auction = fixtures.runningAuction(caller.id(), 3);
    long otherItem = fixtures.item(other.id(), null, 0, "LISTED");
    long image = fixtures.image(auction.activeItemId());
    return new Hostile.Targets(
        caller.email(),
        api.login(caller),
        caller.id(),
        other.id(),
        auction.id(),
        auction.activeItemId(),
        otherItem,
        image);
  }

  /** Requests that belong to no endpoint: unknown paths, methods, the error path itself. */
  private static List<Hostile.Request> global(String token) {
    String bearer = "Bearer " + token;
    return List.of(
        new Hostile.Request("unknown api path", "GET", "/api/nothing/here", bearer, null, null),
        new Hostile.Request("unknown path", "GET", "/no/such/page.html", null, null, null),
        new Hostile.Request("GET on POST-only", "GET", "/api/items", bearer, null, null),
        new Hostile.Request("DELETE an item", "DELETE", "/api/items/1", bearer, null, null),
        new Hostile.Request(
            "encoded SQL path", "GET", "/api/" + "%27%20OR%201%3D1", bearer, null, null),
        new Hostile.Request("error path", "GET", "/error", null, null, null),
        new Hostile.Request(
            "dot-dot path", "GET", "/api/items/..%2F..%2Fetc%2Fpasswd", bearer, null, null));
  }

  /** Null if the response is a proper refusal, else what is wrong with it. */
  private static String refusalProblem(ApiResponse response) {
    if (response.status() < 400 || response.status() > 499) {
      return "status " + response.status();
    }
    String type = response.contentType();
    if (type == null || !type.startsWith("application/problem+json")) {
      return "content type " + type;
    }
    String body = response.text();
    if (body.contains("Exception") || body.contains("\tat ") || body.contains("org.")) {
      return "internals leaked";
    }
    if (!response.json().path("type").asString("").startsWith("https://anemometer.dev/problems/")) {
      return "no stable problem type";
    }
    return null;
  }
}
