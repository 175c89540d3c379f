package dev.anemometer.driver.behavior;

import static dev.anemometer.driver.behavior.FakeTime.SECOND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.behavior.FakeHttpClient.Reply;
import dev.anemometer.driver.behavior.RecordingRecorder.Recorded;
import dev.anemometer.driver.operation.OperationType;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SimulatedUsersTest {

  private final UsersFixture fixture = new UsersFixture();

  @Test
  void operationsAreDueExactlyOnTheCycleTimeSchedule() {
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(600);

    List<Recorded> operations = fixture.mainOperations();
    assertThat(operations).hasSizeGreaterThan(100);
    assertThat(operations.get(0).intendedStartNanos()).isEqualTo(fixture.startNanos);
    for (int i = 1; i < operations.size(); i++) {
      long gap =
          operations.get(i).intendedStartNanos() - operations.get(i - 1).intendedStartNanos();
      assertThat(gap).isBetween(2_500_000_000L, 7_500_000_000L);
    }
    // After the first, each is due on the pacing tick, and its latency is measured from there.
    assertThat(operations.subList(1, operations.size()))
        .allSatisfy(
            op ->
                assertThat(Math.floorMod(op.intendedStartNanos(), SimulatedUser.PACING_TICK_NANOS))
                    .isZero());
    // Every request takes exactly 10 ms: an operation started on time ends a multiple of that
    // after it was due, never more than its few sequential steps.
    assertThat(operations)
        .allSatisfy(
            op -> {
              long latency = op.endNanos() - op.intendedStartNanos();
              assertThat(latency % FakeApp.LATENCY_NANOS).isZero();
              assertThat(latency).isBetween(FakeApp.LATENCY_NANOS, 4 * FakeApp.LATENCY_NANOS);
              assertThat(op.failure()).isNull();
            });
    double meanGapSeconds =
        (operations.get(operations.size() - 1).intendedStartNanos() - fixture.startNanos)
            / (double) SECOND
            / (operations.size() - 1);
    assertThat(meanGapSeconds).isBetween(4.7, 5.3);
  }

  @Test
  void anOverrunningOperationDelaysTheNextWithoutMovingItsDueTime() {
    fixture.app.on(
        "GET /api/auctions/live",
        (m, r) ->
            new Reply(
                FakeApp.response(200, FakeApp.page("{\"id\":1},{\"id\":2}", 2)), 12 * SECOND));
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(300);

    List<Recorded> operations = fixture.mainOperations();
    int checked = 0;
    for (int i = 1; i < operations.size(); i++) {
      Recorded previous = operations.get(i - 1);
      Recorded op = operations.get(i);
      long gap = op.intendedStartNanos() - previous.intendedStartNanos();
      assertThat(gap).as("schedule kept").isBetween(2_500_000_000L, 7_500_000_000L);
      if (previous.type() == OperationType.GET_ACTIVE_AUCTIONS
          && op.type() != OperationType.GET_ACTIVE_AUCTIONS) {
        // Due at most 7.5 s after a 12 s operation started: it runs as soon as that one ends,
        // and its latency, counted from when it was due, carries the delay.
        assertThat(op.endNanos() - previous.endNanos()).isLessThan(SECOND / 10);
        assertThat(op.endNanos() - op.intendedStartNanos()).isGreaterThan(4 * SECOND);
        checked++;
      }
    }
    assertThat(checked).isGreaterThan(3);
  }

  @Test
  void aUserFarBehindItsScheduleSkipsTheCyclesBeyondTheLatenessAsFailures() {
    AtomicInteger calls = new AtomicInteger();
    fixture.app.on(
        "GET /api/auctions/live",
        (m, r) ->
            new Reply(
                FakeApp.response(200, FakeApp.page("{\"id\":1},{\"id\":2}", 2)),
                calls.getAndIncrement() == 0 ? 60 * SECOND : FakeApp.LATENCY_NANOS));
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(300);

    List<Recorded> skipped =
        fixture.recorder.records.stream()
            .filter(r -> SimulatedUser.BEHIND_SCHEDULE.equals(r.failure()))
            .toList();
    // 60 s held up at 2.5-7.5 s a cycle: the cycles more than 10 s before its end are skipped.
    assertThat(skipped)
        .hasSizeBetween(6, 20)
        .allMatch(r -> r.type() == OperationType.GET_ACTIVE_AUCTIONS)
        .allMatch(r -> r.endNanos() - r.intendedStartNanos() > SimulatedUser.MAX_LATENESS_NANOS);
    long stallEnd = skipped.get(0).endNanos();
    List<Recorded> after =
        fixture.mainOperations().stream()
            .filter(r -> r.failure() == null && r.endNanos() > stallEnd)
            .toList();
    // What is sent afterwards is never more than the lateness late, and only the cycles within it
    // (at most four of 2.5 s) run back to back before the user is on its schedule again.
    assertThat(after)
        .allMatch(
            r ->
                r.endNanos() - r.intendedStartNanos() <= SimulatedUser.MAX_LATENESS_NANOS + SECOND);
    long backToBack = after.stream().filter(r -> r.endNanos() - stallEnd < SECOND).count();
    assertThat(backToBack).isBetween(1L, 5L);
  }

  @Test
  void aUserLoggingOutSendsNoMoreLongPollsOnTheTokenItIsGivingUp() {
    // A slow logout and quick polls: without stopping first, followers would poll on through it.
    fixture.app.on("POST /api/logout", (m, r) -> new Reply(FakeApp.response(204, ""), 3 * SECOND));
    fixture.app.on(
        "GET /api/auctions/(\\d+)/items/(\\d+)/next-bid",
        (m, r) -> new Reply(FakeApp.response(204, ""), SECOND / 10));
    SimulatedUsers users = fixture.users(1, 3);
    users.setActiveUsers(3);
    fixture.runForSeconds(900);

    int logouts = 0;
    for (int session = 0; session < 3; session++) {
      boolean loggingOut = false;
      for (String request : fixture.sent(session)) {
        if (request.equals("POST /api/logout")) {
          loggingOut = true;
          logouts++;
        } else if (request.equals("POST /api/login")) {
          loggingOut = false;
        } else if (loggingOut) {
          assertThat(request).as("sent after logout").doesNotContain("next-bid", "current-item");
        }
      }
    }
    assertThat(logouts).isGreaterThan(2);
  }

  @Test
  void activeUsersLogInWithDistinctAccountsOfTheirSlice() {
    SimulatedUsers users = fixture.users(11, 5);
    users.setActiveUsers(5);
    fixture.runForSeconds(30);

    List<String> logins = fixture.client.sessions.stream().map(s -> s.token).sorted().toList();
    assertThat(logins).containsExactly("t11", "t12", "t13", "t14", "t15");
    assertThatThrownBy(() -> users.setActiveUsers(6))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("5 accounts");
  }

  @Test
  void newUsersStartSpreadOverOneMeanCycleTime() {
    SimulatedUsers users = fixture.users(1, 4);
    users.setActiveUsers(4);
    fixture.runForSeconds(1);
    assertThat(fixture.recorder.of(OperationType.HOME_PAGE)).hasSize(1);

    fixture.runForSeconds(5);

    assertThat(fixture.recorder.of(OperationType.HOME_PAGE))
        .extracting(r -> r.intendedStartNanos() - fixture.startNanos)
        .containsExactly(0L, 1_250_000_000L, 2_500_000_000L, 3_750_000_000L);
    assertThat(users.activeUsers()).isEqualTo(4);
  }

  @Test
  void surplusUsersLogOutAfterTheirCurrentOperationAndReturnWhenAskedAgain() {
    SimulatedUsers users = fixture.users(1, 3);
    users.setActiveUsers(3);
    fixture.runForSeconds(120);

    users.setActiveUsers(1);
    fixture.runForSeconds(60);

    assertThat(users.activeUsers()).isEqualTo(1);
    for (int parked = 1; parked <= 2; parked++) {
      // Logged in users log out; one caught between Logout and Login just stops.
      List<String> sent = fixture.sent(parked);
      int lastLogin = sent.lastIndexOf("POST /api/login");
      assertThat(sent.lastIndexOf("POST /api/logout")).isGreaterThan(lastLogin);
      assertThat(fixture.client.sessions.get(parked).token).isNull();
    }
    int stillActive = fixture.sent(0).size();
    int parkedSent = fixture.sent(1).size();
    fixture.runForSeconds(60);
    assertThat(fixture.sent(0).size()).isGreaterThan(stillActive);
    assertThat(fixture.sent(1)).hasSize(parkedSent);

    users.setActiveUsers(2);
    fixture.runForSeconds(30);
    assertThat(fixture.sent(1).subList(parkedSent, fixture.sent(1).size()))
        .startsWith("GET /")
        .contains("POST /api/login");
    assertThat(fixture.recorder.records).allSatisfy(r -> assertThat(r.failure()).isNull());
  }

  @Test
  void aFailedOperationIsRecordedWithItsReasonAndTheUserStartsOverFromTheHomePage() {
    fixture.app.on("GET /api/users/(\\d+)", (m, r) -> FakeApp.status(500));
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(40);

    List<Recorded> operations = fixture.mainOperations();
    assertThat(operations)
        .extracting(Recorded::type)
        .startsWith(
            OperationType.HOME_PAGE,
            OperationType.LOGIN,
            OperationType.GET_USER_PROFILE,
            OperationType.HOME_PAGE,
            OperationType.LOGIN);
    assertThat(operations.get(2).failure()).isEqualTo("status 500 on GET /api/users/{id}");
    assertThat(operations.get(3).failure()).isNull();
  }

  @Test
  void missingBodyFieldFailsTheOperationWithAStableReason() {
    fixture.app.on("POST /api/login", (m, r) -> FakeApp.ok("{\"userId\":1}"));
    SimulatedUsers users = fixture.users(1, 1);
    users.setActiveUsers(1);
    fixture.runForSeconds(10);

    assertThat(fixture.recorder.of(OperationType.LOGIN))
        .first()
        .extracting(Recorded::failure)
        .isEqualTo("missing token in POST /api/login");
  }

  @Test
  void closingStopsEveryUserAndClosesTheirSessions() {
    SimulatedUsers users = fixture.users(1, 2);
    users.setActiveUsers(2);
    fixture.runForSeconds(30);

    users.close();
    fixture.runForSeconds(1);
    int recorded = fixture.recorder.records.size();
    fixture.runForSeconds(120);

    assertThat(fixture.recorder.records).hasSize(recorded);
    assertThat(fixture.client.sessions).allSatisfy(s -> assertThat(s.closed).isTrue());
  }

  static long after(String request) {
    Matcher matcher = Pattern.compile("after=(\\d+)").matcher(request);
    return matcher.find() ? Long.parseLong(matcher.group(1)) : -1;
  }
}
