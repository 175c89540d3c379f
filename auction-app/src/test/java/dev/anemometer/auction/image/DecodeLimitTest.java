package dev.anemometer.auction.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.anemometer.auction.system.web.ApiException;
import dev.anemometer.auction.system.web.ProblemType;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DecodeLimitTest {

  @Test
  void anUploadBeyondTheBoundIsAnswered503AtOnceAndTheNextOneIsServed() throws Exception {
    DecodeLimit limit = new DecodeLimit(1);
    CountDownLatch decoding = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    CompletableFuture<String> first =
        CompletableFuture.supplyAsync(
            () ->
                limit.run(
                    () -> {
                      decoding.countDown();
                      await(finish);
                      return "first";
                    }));
    assertThat(decoding.await(10, TimeUnit.SECONDS)).isTrue();

    ApiException excess = catchThrowableOfType(ApiException.class, () -> limit.run(() -> "x"));

    assertThat(excess.problemType()).isEqualTo(ProblemType.UNAVAILABLE);
    assertThat(excess.getStatusCode().value()).isEqualTo(503);
    finish.countDown();
    assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
    assertThat(limit.run(() -> "after")).as("the permit is back").isEqualTo("after");
  }

  @Test
  void aFailedDecodeGivesItsPermitBack() {
    DecodeLimit limit = new DecodeLimit(1);

    catchThrowableOfType(
        IllegalStateException.class,
        () ->
            limit.run(
                () -> {
                  throw new IllegalStateException("corrupt");
                }));

    assertThat(limit.run(() -> "next")).isEqualTo("next");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
