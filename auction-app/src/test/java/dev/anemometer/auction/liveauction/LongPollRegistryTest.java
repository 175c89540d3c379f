package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.async.DeferredResult;

class LongPollRegistryTest {

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final LongPollRegistry registry = new LongPollRegistry(meters, Duration.ofMinutes(1));

  @AfterEach
  void stopTheTimer() {
    registry.destroy();
  }

  @Test
  void aNotificationWithANewerCountAnswersThePollsOfItsItemOnly() {
    DeferredResult<ResponseEntity<HighBidView>> onSeven = poll();
    DeferredResult<ResponseEntity<HighBidView>> onEight = poll();
    registry.park(7, 3, onSeven);
    registry.park(8, 3, onEight);
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
    registry.park(7, 5, result);

    registry.onChange(change(7, 4));
    registry.onChange(change(7, 5));

    assertThat(result.hasResult()).isFalse();
  }

  @Test
  void theDatabaseStateAnswersWhenItDiffersInEitherDirection() {
    DeferredResult<ResponseEntity<HighBidView>> same = poll();
    DeferredResult<ResponseEntity<HighBidView>> reset = poll();
    registry.park(7, 5, same).answerIfChanged(view(5));
    registry.park(9, 5, reset).answerIfChanged(view(1));

    assertThat(same.hasResult()).isFalse();
    assertThat(answer(reset).getBody().bidCount()).isEqualTo(1);
  }

  @Test
  void stoppingAnswersEveryParkedPollWithNoContentAndRefusesNewOnes() {
    DeferredResult<ResponseEntity<HighBidView>> parked = poll();
    registry.park(7, 0, parked);

    registry.stop();
    DeferredResult<ResponseEntity<HighBidView>> late = poll();
    registry.park(7, 0, late);

    assertThat(answer(parked).getStatusCode().value()).isEqualTo(204);
    assertThat(answer(late).getStatusCode().value()).isEqualTo(204);
    assertThat(registry.parkedCount()).isZero();
    assertThat(meters.get("anemometer.longpolls").tag("result", "timeout").counter().count())
        .isEqualTo(2.0);
  }

  @Test
  void anAbandonedPollIsForgottenOnce() {
    DeferredResult<ResponseEntity<HighBidView>> result = poll();
    LongPollRegistry.ParkedPoll parked = registry.park(7, 0, result);

    parked.abandon();
    parked.abandon();
    registry.onChange(change(7, 1));

    assertThat(registry.parkedCount()).isZero();
    assertThat(result.hasResult()).isFalse();
  }

  @Test
  void aPollWithoutAChangeAnswersNoContentFromTheRegistrysTimerAtItsTimeout() {
    LongPollRegistry quick = new LongPollRegistry(meters, Duration.ofMillis(200));
    DeferredResult<ResponseEntity<HighBidView>> idle = quick.newResult();
    DeferredResult<ResponseEntity<HighBidView>> answered = quick.newResult();
    long parkedAt = System.nanoTime();
    quick.park(7, 0, idle);
    quick.park(8, 0, answered);
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
