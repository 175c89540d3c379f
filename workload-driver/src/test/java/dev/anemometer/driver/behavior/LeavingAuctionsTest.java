package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.operation.OperationType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LeavingAuctionsTest {

  private static final String JOIN_AND_LEAVE =
      """
      name: join-and-leave
      start: HomePage
      cycleTime: { meanSeconds: 2, sdSeconds: 0.5, minSeconds: 1, maxSeconds: 3 }
      followers: { maxAuctions: 1 }
      bidding: { raiseMean: 0.02, raiseSd: 0.02, raiseMin: 0.005, raiseMax: 0.06, maxPrice: 1000 }
      states:
        HomePage: { next: [ { to: Login } ] }
        Login: { next: [ { to: GetActiveAuctions } ] }
        GetActiveAuctions:
          next:
            - { when: canJoin, to: JoinAuction }
            - { when: following, to: LeaveAuction }
            - { to: GetActiveAuctions }
        JoinAuction: { next: [ { to: GetActiveAuctions } ] }
        LeaveAuction: { next: [ { to: GetActiveAuctions } ] }
      """;

  @Test
  void leavingAnAuctionStopsItsFollower() {
    UsersFixture fixture = new UsersFixture();
    Behavior behavior =
        BehaviorLoader.parse("test", JOIN_AND_LEAVE.getBytes(StandardCharsets.UTF_8));
    SimulatedUsers users =
        SimulatedUsers.start(
            fixture.config(1, 1), behavior, fixture.client, fixture.recorder, fixture.time);
    users.setActiveUsers(1);
    fixture.runForSeconds(300);

    assertThat(fixture.recorder.of(OperationType.LEAVE_AUCTION)).hasSizeGreaterThan(10);
    String following = null;
    int checkedPolls = 0;
    Pattern auction = Pattern.compile("/api/auctions/(\\d+)/");
    List<String> sent = fixture.sent(0);
    for (String request : sent) {
      Matcher matcher = auction.matcher(request);
      String id = matcher.find() ? matcher.group(1) : null;
      if (request.startsWith("POST") && request.endsWith("/attendance")) {
        following = id;
      } else if (request.startsWith("DELETE")) {
        following = null;
      } else if (request.contains("next-bid")) {
        assertThat(id).as("polls only the followed auction").isNotNull().isEqualTo(following);
        checkedPolls++;
      }
    }
    assertThat(checkedPolls).isGreaterThan(10);
    assertThat(fixture.recorder.records).allSatisfy(r -> assertThat(r.failure()).isNull());
  }
}
