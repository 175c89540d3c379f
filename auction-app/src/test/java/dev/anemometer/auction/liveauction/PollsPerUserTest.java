package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PollsPerUserTest {

  @Test
  void aUserGetsAsManyPlacesAsTheBoundAndOneMoreOnceOneIsGivenBack() {
    PollsPerUser places = new PollsPerUser(2);

    AtomicInteger first = places.acquire(1);
    AtomicInteger second = places.acquire(1);

    assertThat(places.acquire(1)).isNull();
    assertThat(places.acquire(2)).as("another user is not held back").isNotNull();
    places.release(1, first);
    assertThat(places.acquire(1)).isNotNull();
    assertThat(second).isNotNull();
  }

  @Test
  void aUserWhoseLastPlaceIsGivenBackLeavesNoEntry() {
    PollsPerUser places = new PollsPerUser(3);

    AtomicInteger place = places.acquire(7);
    places.release(7, place);

    assertThat(places.users()).isZero();
    assertThat(places.heldBy(7)).isZero();
    assertThat(places.acquire(7)).as("a fresh entry after the retired one").isNotNull();
    assertThat(places.heldBy(7)).isEqualTo(1);
  }

  @Test
  void manyThreadsTakingAndGivingBackNeverExceedTheBoundNorLoseAPlace() throws Exception {
    int bound = 2;
    int users = 2;
    PollsPerUser places = new PollsPerUser(bound);
    AtomicInteger[] inside = new AtomicInteger[users];
    for (int u = 0; u < users; u++) {
      inside[u] = new AtomicInteger();
    }
    AtomicInteger overBound = new AtomicInteger();
    AtomicInteger admitted = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      Thread thread =
          new Thread(
              () -> {
                await(start);
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < 50_000; i++) {
                  int user = random.nextInt(users);
                  AtomicInteger place = places.acquire(user);
                  if (place == null) {
                    continue;
                  }
                  admitted.incrementAndGet();
                  if (inside[user].incrementAndGet() > bound) {
                    overBound.incrementAndGet();
                  }
                  Thread.yield();
                  inside[user].decrementAndGet();
                  places.release(user, place);
                }
              });
      thread.start();
      threads.add(thread);
    }
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }

    assertThat(overBound).as("times a user held more than the bound").hasValue(0);
    assertThat(admitted.get()).isPositive();
    assertThat(places.users()).as("entries left once every place is back").isZero();
    for (int u = 0; u < users; u++) {
      assertThat(places.acquire(u)).as("user " + u + " can poll again").isNotNull();
    }
  }

  @Test
  void aBoundBelowOneIsRefused() {
    assertThatThrownBy(() -> new PollsPerUser(0)).hasMessageContaining("≥ 1");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
