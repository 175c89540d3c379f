package dev.anemometer.driver.operation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class AcknowledgedBidsTest {

  @Test
  void bidsAreReplayedInOrderAcrossChunks() {
    AcknowledgedBids bids = new AcknowledgedBids();
    for (int i = 0; i < 10_000; i++) {
      bids.acknowledged(i + 1, 100 + i % 7, i % 3 - 1, 1_000 + i, i % 2 == 0 ? "OUTBID" : "A");
    }

    List<long[]> seen = new ArrayList<>();
    List<String> outcomes = new ArrayList<>();
    bids.forEach(
        (bidId, itemId, bidderId, cents, outcome) -> {
          seen.add(new long[] {bidId, itemId, bidderId, cents});
          outcomes.add(outcome);
        });

    assertThat(bids.size()).isEqualTo(10_000);
    assertThat(seen).hasSize(10_000);
    assertThat(seen.get(9_999)).containsExactly(10_000, 100 + 9_999 % 7, 9_999 % 3 - 1, 10_999);
    assertThat(seen.get(4_096)).containsExactly(4_097, 100 + 4_096 % 7, 4_096 % 3 - 1, 5_096);
    assertThat(outcomes.get(4_096)).isEqualTo("OUTBID");
    assertThat(outcomes.get(4_097)).isEqualTo("A");
  }

  @Test
  void eventLoopsAppendingConcurrentlyLoseNoBid() throws Exception {
    AcknowledgedBids bids = new AcknowledgedBids();
    int threads = 4;
    int perThread = 25_000;
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> loops = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      long base = t * 1_000_000L;
      Thread loop =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  return;
                }
                for (int i = 0; i < perThread; i++) {
                  bids.acknowledged(base + i, 1, 2, 3, "ACCEPTED_HIGH");
                }
              });
      loop.start();
      loops.add(loop);
    }
    start.countDown();
    for (Thread loop : loops) {
      loop.join();
    }

    Set<Long> ids = new HashSet<>();
    bids.forEach((bidId, itemId, bidderId, cents, outcome) -> ids.add(bidId));
    assertThat(ids).hasSize(threads * perThread);
  }
}
