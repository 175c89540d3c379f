package dev.anemometer.driver.behavior;

import static dev.anemometer.driver.behavior.FakeTime.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.FakeHttpClient.Reply;
import dev.anemometer.driver.behavior.RecordingRecorder.Recorded;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuctionFollowerTest {

  private final UsersFixture fixture = new UsersFixture();
  private final Map<String, Integer> soldItems = new HashMap<>();
  private final Map<String, Integer> pollsAtFour = new HashMap<>();

  /**
   * Each auction's first item gets one bid at once (count 3 → 4), then a poll that times out, then
   * is sold (count 5); the next item is then current and quiet.
   */
  private void scriptAuctions() {
    scriptAuctions(0);
  }

  /**
   * @param changedAgoMicros how long before each long poll's answer its change committed; 0 for an
   *     app that does not say
   */
  private void scriptAuctions(long changedAgoMicros) {
    fixture.app.on(
        "GET /api/auctions/(\\d+)/current-item",
        (m, r) -> {
          String auction = m.group(1);
          if (soldItems.getOrDefault(auction, 0) == 0) {
            return FakeApp.ok(FakeApp.currentItem(auction, 3, "OPEN"));
          }
          return FakeApp.ok(
              "{\"id\":"
                  + (Long.parseLong(auction) * 100 + 1)
                  + ",\"imageIds\":[6],\"startingBid\":5,\"highBid\":"
                  + FakeApp.highBid("null", 0, "OPEN", -1)
                  + "}");
        });
    fixture.app.on(
        "GET /api/auctions/(\\d+)/items/(\\d+)/next-bid",
        (m, r) -> {
          String auction = m.group(1);
          long after = SimulatedUsersTest.after(r.pathAndQuery());
          if (m.group(2).endsWith("00") && after == 3) {
            return new Reply(
                FakeApp.response(200, highBid("25.00", 4, "OPEN", changedAgoMicros)), SECOND);
          }
          if (m.group(2).endsWith("00") && after == 4) {
            if (pollsAtFour.merge(auction, 1, Integer::sum) == 1) {
              return new Reply(FakeApp.response(204, ""), FakeApp.POLL_TIMEOUT_NANOS);
            }
            soldItems.put(auction, 1);
            return new Reply(
                FakeApp.response(200, highBid("25.00", 5, "SOLD", changedAgoMicros)), SECOND);
          }
          return new Reply(FakeApp.response(204, ""), FakeApp.POLL_TIMEOUT_NANOS);
        });
  }

  private static String highBid(String amount, long bidCount, String state, long agoMicros) {
    return agoMicros == 0
        ? FakeApp.highBid(amount, bidCount, state, 77)
        : FakeApp.highBid(amount, bidCount, state, 77, agoMicros);
  }

  @Test
  void followersRecordHowLateTheyLearnedOfABidAndOfTheSale() {
    scriptAuctions(1_500_000);
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(90);

    assertThat(fixture.recorder.notifications)
        .extracting(RecordingRecorder.Notified::kind)
        .contains(Notification.BID, Notification.ITEM_CHANGE);
    // The wall clock barely moves while the fake clock runs: about the 1.5 s the answers said.
    assertThat(fixture.recorder.notifications)
        .allSatisfy(
            notified -> assertThat(notified.latencyMicros()).isBetween(1_500_000L, 2_500_000L));
  }

  @Test
  void anAppThatDoesNotSayWhenLeavesNothingToRecord() {
    scriptAuctions();
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(90);

    assertThat(fixture.recorder.notifications).isEmpty();
  }

  @Test
  void followerPollsWithoutPauseAndMovesOnWhenTheItemIsSold() {
    scriptAuctions();
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(90);

    List<String> followed =
        fixture.sent(0).stream()
            .filter(
                request ->
                    request.contains("/auctions/1/")
                        || request.contains("/auctions/2/")
                        || request.contains("/auctions/3/"))
            .filter(request -> request.contains("current-item") || request.contains("next-bid"))
            .toList();
    String auction = followed.get(0).replaceAll(".*/auctions/(\\d+)/.*", "$1");
    List<String> ofOneAuction =
        followed.stream()
            .filter(request -> request.contains("/auctions/" + auction + "/"))
            .toList();
    String item = auction + "00";
    String nextItem = auction + "01";
    assertThat(ofOneAuction)
        .startsWith(
            "GET /api/auctions/" + auction + "/current-item", // JoinAuction
            "GET /api/auctions/" + auction + "/current-item", // the follower starts
            "GET /api/auctions/" + auction + "/items/" + item + "/next-bid?after=3",
            "GET /api/auctions/" + auction + "/items/" + item + "/next-bid?after=4", // 204
            "GET /api/auctions/" + auction + "/items/" + item + "/next-bid?after=4", // SOLD
            "GET /api/auctions/" + auction + "/current-item",
            "GET /api/auctions/"
                + nextItem.replaceAll("01$", "")
                + "/items/"
                + nextItem
                + "/next-bid?after=0");

    List<Recorded> polls = fixture.recorder.of(OperationType.GET_NEXT_BID);
    assertThat(polls).isNotEmpty().allSatisfy(p -> assertThat(p.failure()).isNull());
    // No pause: each poll was due the moment the previous follower operation ended.
    List<Recorded> followerOps =
        fixture.recorder.records.stream()
            .filter(r -> UsersFixture.FOLLOWER_OPERATIONS.contains(r.type()))
            .toList();
    assertThat(followerOps)
        .anySatisfy(
            op ->
                assertThat(followerOps)
                    .anySatisfy(
                        prev -> assertThat(prev.endNanos()).isEqualTo(op.intendedStartNanos())));
  }

  @Test
  void followersStopWhenTheUserLogsOutAndAtMostTwoRunAtOnce() {
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(1800);

    List<String> sent = fixture.sent(0);
    int logout = sent.indexOf("POST /api/logout");
    assertThat(logout).isPositive();
    int nextLogin = sent.subList(logout, sent.size()).indexOf("POST /api/login") + logout;
    assertThat(sent.subList(logout, nextLogin))
        .noneMatch(request -> request.contains("next-bid") || request.contains("current-item"));

    // With polls of 30 s, two followers send at most two polls per 30 s.
    long polls = fixture.recorder.of(OperationType.GET_NEXT_BID).size();
    assertThat(polls).isLessThanOrEqualTo(2 * 1800 / 30 + 2).isGreaterThan(20);
  }

  @Test
  void anItemAlreadySoldIsPolledNotFetchedAgainAtOnce() {
    fixture.app.on(
        "GET /api/auctions/(\\d+)/current-item",
        (m, r) -> FakeApp.ok(FakeApp.currentItem(m.group(1), 9, "SOLD")));
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(120);

    long fetches = fixture.recorder.of(OperationType.GET_CURRENT_ITEM).size();
    long polls = fixture.recorder.of(OperationType.GET_NEXT_BID).size();
    // Each fetch is followed by a 30 s poll (unrecorded if the user leaves meanwhile): a few of
    // each in two minutes, not thousands of fetches.
    assertThat(fetches).isBetween(2L, 12L);
    assertThat(polls).isPositive().isLessThanOrEqualTo(fetches);
  }

  @Test
  void anAuctionBetweenItemsIsLookedAtAgainShortlyWithoutCountingAFailure() {
    int[] calls = new int[1];
    fixture.app.on(
        "GET /api/auctions/(\\d+)/current-item",
        (m, r) ->
            calls[0]++ < 4
                ? FakeApp.reply(
                    409,
                    "{\"type\":\"https://anemometer.dev/problems/no-current-item\",\"status\":409}")
                : FakeApp.ok(FakeApp.currentItem(m.group(1), 3, "OPEN")));
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(60);

    assertThat(fixture.recorder.records).allSatisfy(r -> assertThat(r.failure()).isNull());
    assertThat(fixture.recorder.of(OperationType.JOIN_AUCTION)).hasSize(2);
    assertThat(fixture.recorder.of(OperationType.GET_NEXT_BID)).isNotEmpty();
  }

  @Test
  void anAuctionThatIsNotRunningFailsTheJoin() {
    fixture.app.on(
        "GET /api/auctions/(\\d+)/current-item",
        (m, r) ->
            FakeApp.reply(
                409, "{\"type\":\"https://anemometer.dev/problems/auction-not-running\"}"));
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(30);

    assertThat(fixture.recorder.of(OperationType.JOIN_AUCTION))
        .first()
        .extracting(Recorded::failure)
        .isEqualTo("status 409 on GET /api/auctions/{id}/current-item");
  }
}
