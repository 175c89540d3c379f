package dev.anemometer.auction.liveauction;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many long polls each user has parked here, bounded. Every poll timeout, answer and
 * notification passes through the registry, so this costs them no lock: a user's count is one
 * {@link AtomicInteger}, taken with a compare-and-set and given back by the very poll that took it.
 * A user's entry lives only while it has a poll parked, so the map holds at most the parked polls.
 */
final class PollsPerUser {

  /** The count of an entry whose last poll ended; a poll arriving then takes a fresh entry. */
  private static final int RETIRED = Integer.MIN_VALUE;

  private final ConcurrentHashMap<Long, AtomicInteger> held = new ConcurrentHashMap<>();
  private final int maxPerUser;

  PollsPerUser(int maxPerUser) {
    if (maxPerUser < 1) {
      throw new IllegalArgumentException("max polls per user must be ≥ 1, was " + maxPerUser);
    }
    this.maxPerUser = maxPerUser;
  }

  int maxPerUser() {
    return maxPerUser;
  }

  /**
   * Takes one of the user's places, or answers null when the user holds them all. The place
   * returned must be given back exactly once, with {@link #release}.
   */
  AtomicInteger acquire(long userId) {
    while (true) {
      AtomicInteger count = held.computeIfAbsent(userId, id -> new AtomicInteger());
      int now = count.get();
      if (now == RETIRED) {
        Thread.onSpinWait(); // its last holder is removing it; the next look finds a fresh one
        continue;
      }
      if (now >= maxPerUser) {
        return null;
      }
      if (count.compareAndSet(now, now + 1)) {
        return count;
      }
    }
  }

  void release(long userId, AtomicInteger place) {
    if (place.decrementAndGet() == 0 && place.compareAndSet(0, RETIRED)) {
      held.remove(userId, place);
    }
  }

  /** Polls the user has parked here (0 when none). */
  int heldBy(long userId) {
    AtomicInteger count = held.get(userId);
    int now = count == null ? 0 : count.get();
    return Math.max(now, 0);
  }

  /** Users with a poll parked here. */
  int users() {
    return held.size();
  }
}
