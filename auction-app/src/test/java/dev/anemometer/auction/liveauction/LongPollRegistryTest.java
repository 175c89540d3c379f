package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.context.request.async.DeferredResult;

class LongPollRegistryTest {

  private static final long USER = 42;
  private static final int BOUND = 4;

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final LongPollRegistry registry =
      new LongPollRegistry(meters, Duration.ofMinutes(1), BOUND);

  @AfterEach
  void stopTheTimer() {
    registry.destroy();
  }

  @Test
  void aNotificationWithANewerCountAnswersThePollsOfItsItemOnly() {
    DeferredResult<ResponseEntity<HighBidView>> onSeven = poll();
    DeferredResult<ResponseEntity<HighBidView>> onEight = poll();
    registry.park(USER, 7, 3, onSeven);
    registry.park(USER, 8, 3, onEight);
    assertThat(parkedGauge()).isEqualTo(2.0);

    registry.onChange(change(7, 4));

    assertThat(answer(onSeven).getBody().bidCount()).isEqualTo(4);
    assertThat(onEight.hasResult()).isFalse();
    assertThat(registry.parkedCount()).isEqualTo(1);
    assertThat(registry.itemsWithPolls()).containsExactly(8L);
  }

  @Test
  void aNotificationOlderThanWhatTheClientKnowsDoesNotAnswer() {
    DeferredResult<ResponseEntity<HighBidView>> result = poll();
    registry.park(USER, 7, 5, result);

    registry.onChange(change(7, 4));
    registry.onChange(change(7, 5));

    assertThat(result.hasResult()).isFalse();
  }

  @Test
  void theDatabaseStateAnswersWhenItDiffersInEitherDirection() {
    DeferredResult<ResponseEntity<HighBidView>> same = poll();
    DeferredResult<ResponseEntity<HighBidView>> reset = poll();
    registry.park(USER, 7, 5, same).answerIfChanged(view(5));
    registry.park(USER, 9, 5, reset).answerIfChanged(view(1));

    assertThat(same.hasResult()).isFalse();
    assertThat(answer(reset).getBody().bidCount()).isEqualTo(1);
  }

  @Test
  void stoppingAnswersEveryParkedPollWithNoContentAndRefusesNewOnes() {
    DeferredResult<ResponseEntity<HighBidView>> parked = poll();
    registry.park(USER, 7, 0, parked);

    registry.stop();
    DeferredResult<ResponseEntity<HighBidView>> late = poll();
    registry.park(USER, 7, 0, late);

    assertThat(answer(parked).getStatusCode().value()).isEqualTo(204);
    assertThat(answer(late).getStatusCode().value()).isEqualTo(204);
    assertThat(registry.parkedCount()).isZero();
    assertThat(meters.get("anemometer.longpolls").tag("result", "timeout").counter().count())
        .isEqualTo(2.0);
  }

  @Test
  void anAbandonedPollIsForgottenOnce() {
    DeferredResult<ResponseEntity<HighBidView>> result = poll();
    LongPollRegistry.ParkedPoll parked = registry.park(USER, 7, 0, result);

    parked.abandon();
    parked.abandon();
    registry.onChange(change(7, 1));

    assertThat(registry.parkedCount()).isZero();
    assertThat(result.hasResult()).isFalse();
  }

  @Test
  void aPollWithoutAChangeAnswersNoContentFromTheRegistrysTimerAtItsTimeout() {
    LongPollRegistry quick = new LongPollRegistry(meters, Duration.ofMillis(200), BOUND);
    DeferredResult<ResponseEntity<HighBidView>> idle = quick.newResult();
    DeferredResult<ResponseEntity<HighBidView>> answered = quick.newResult();
    long parkedAt = System.nanoTime();
    quick.park(USER, 7, 0, idle);
    quick.park(USER, 8, 0, answered);
    quick.onChange(change(8, 1));

    await().atMost(Duration.ofSeconds(5)).until(idle::hasResult);

    assertThat(Duration.ofNanos(System.nanoTime() - parkedAt))
        .isGreaterThan(Duration.ofMillis(190));
    assertThat(answer(idle).getStatusCode().value()).isEqualTo(204);
    assertThat(answer(answered).getStatusCode().value()).isEqualTo(200);
    assertThat(quick.parkedCount()).isZero();
    assertThat(meters.get("anemometer.longpolls").tag("result", "timeout").counter().count())
        .as("the answered poll's timer was cancelled")
        .isEqualTo(1.0);
    quick.destroy();
  }

  @Test
  void aUserBeyondTheBoundIsAnswered429AtOnceWhileOtherUsersStillPark() {
    for (int i = 0; i < BOUND; i++) {
      registry.park(USER, 7 + i, 0, poll());
    }

    DeferredResult<ResponseEntity<HighBidView>> excess = poll();
    ErrorResponseException refused =
        catchThrowableOfType(ErrorResponseException.class, () -> registry.park(USER, 7, 0, excess));
    registry.park(USER + 1, 7, 0, poll());

    assertThat(refused.getStatusCode().value()).isEqualTo(429);
    assertThat(refused.getBody().getType().toString()).endsWith("/too-many-requests");
    assertThat(refused.getBody().getDetail()).contains("user " + USER, "" + BOUND);
    assertThat(excess.hasResult()).as("the refused poll was never parked").isFalse();
    assertThat(registry.parkedBy(USER)).isEqualTo(BOUND);
    assertThat(registry.parkedBy(USER + 1)).isEqualTo(1);
    assertThat(registry.parkedCount()).isEqualTo(BOUND + 1);
    assertThat(meters.get("anemometer.longpolls").tag("result", "refused").counter().count())
        .isEqualTo(1.0);
  }

  @Test
  void everyWayAPollEndsGivesItsPlaceBackBeforeTheClientCanSeeTheAnswer() {
    LongPollRegistry quick = new LongPollRegistry(meters, Duration.ofMillis(100), BOUND);
    List<Integer> heldWhenAnswered = new CopyOnWriteArrayList<>();
    List<DeferredResult<ResponseEntity<HighBidView>>> results = new ArrayList<>();
    for (int i = 0; i < BOUND; i++) {
      DeferredResult<ResponseEntity<HighBidView>> result = poll();
      // The container writes the answer from this handler; the client may poll again at once.
      result.setResultHandler(answer -> heldWhenAnswered.add(quick.parkedBy(USER)));
      results.add(result);
    }
    quick.park(USER, 7, 0, results.get(0));
    LongPollRegistry.ParkedPoll byState = quick.park(USER, 8, 0, results.get(1));
    quick.park(USER, 9, 0, results.get(2));
    LongPollRegistry.ParkedPoll abandoned = quick.park(USER, 10, 0, results.get(3));

    quick.onChange(change(7, 1));
    byState.answerIfChanged(view(2));
    abandoned.abandon();
    await().atMost(Duration.ofSeconds(5)).until(() -> heldWhenAnswered.size() == 3);

    assertThat(heldWhenAnswered).as("places held as each answer is set").containsExactly(3, 2, 0);
    assertThat(quick.parkedBy(USER)).isZero();
    assertThat(quick.usersWithPolls()).as("no entry is kept for a user with no poll").isZero();
    for (int i = 0; i < BOUND; i++) {
      quick.park(USER, 7, 0, poll());
    }
    assertThat(quick.parkedBy(USER)).as("every place came back").isEqualTo(BOUND);
    quick.destroy();
  }

  private double parkedGauge() {
    return meters.get("anemometer.longpolls.parked").gauge().value();
  }

  private static DeferredResult<ResponseEntity<HighBidView>> poll() {
    return new DeferredResult<>(60_000L);
  }

  @SuppressWarnings("unchecked")
  private static ResponseEntity<HighBidView> answer(
      DeferredResult<ResponseEntity<HighBidView>> result) {
    assertThat(result.hasResult()).isTrue();
    return (ResponseEntity<HighBidView>) result.getResult();
  }

  private static HighBidChange change(long item, int count) {
    return new HighBidChange(item, view(count));
  }

  private static HighBidView view(int count) {
    return new HighBidView(new BigDecimal("10.00"), 1L, count, "OPEN");
  }
}
