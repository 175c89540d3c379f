package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.RecordingRecorder.Recorded;
import dev.anemometer.driver.operation.OperationType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrivingSessionsTest {

  private final UsersFixture fixture = new UsersFixture();

  @Test
  void sessionsArriveAtAConstantRateWalkToLogoutAndLeave() {
    ArrivingSessions sessions =
        ArrivingSessions.start(
            fixture.config(1, 200),
            Behavior.load("default"),
            new ArrivalRate(0.5, ArrivalRate.Process.CONSTANT),
            fixture.client,
            fixture.recorder,
            fixture.time);
    fixture.runForSeconds(60);

    assertThat(fixture.recorder.of(OperationType.HOME_PAGE))
        .extracting(r -> r.intendedStartNanos() - fixture.startNanos)
        .startsWith(2_000_000_000L, 4_000_000_000L, 6_000_000_000L);
    // 30 have arrived; the shortest sessions (about nine operations) may be over already.
    assertThat(sessions.activeUsers()).isBetween(20, 30);

    sessions.setArrivalRate(new ArrivalRate(0, ArrivalRate.Process.CONSTANT));
    fixture.runForSeconds(3600);

    assertThat(sessions.activeUsers()).isZero();
    List<Recorded> logins = fixture.recorder.of(OperationType.LOGIN);
    assertThat(logins).hasSize(30);
    assertThat(fixture.recorder.of(OperationType.LOGOUT)).hasSize(30);
    assertThat(fixture.recorder.records).allSatisfy(r -> assertThat(r.failure()).isNull());
    assertThat(sessions.droppedArrivals()).isZero();
  }

  @Test
  void poissonArrivalsBeyondTheSessionCapAreDroppedAndCounted() {
    ArrivingSessions sessions =
        ArrivingSessions.start(
            fixture.config(1, 200),
            Behavior.load("default"),
            new ArrivalRate(2, ArrivalRate.Process.POISSON),
            fixture.client,
            fixture.recorder,
            fixture.time);
    sessions.setActiveUsers(5);
    fixture.runForSeconds(100);

    // At the cap, or one below for the moment between a session's end and the next arrival.
    assertThat(sessions.activeUsers()).isBetween(4, 5);
    assertThat(sessions.droppedArrivals()).isBetween(150L, 250L);

    sessions.close();
    fixture.runForSeconds(1);
    assertThat(fixture.client.sessions).allSatisfy(s -> assertThat(s.closed).isTrue());
  }
}
