package dev.anemometer.auction.liveauction;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * The long polls parked on this server, by item. A parked poll holds a {@link DeferredResult}, not
 * a thread; the LISTEN thread completes it when its item changes.
 *
 * <p>A poll that sees no change answers 204 after the poll timeout, from this registry's own timer.
 * The servlet container's async timeout is only a net set well beyond it. With the container's
 * time-out doing this work, {@code PollTimeoutsIT} saw polls answered only after 60 s, Tomcat's
 * connection timeout, where a time-out and a change's answer met on the same poll; the likely
 * reading (not traced inside Tomcat) is that the race left the connection unread until that timeout
 * closed it.
 *
 * <p>One user may park at most {@code max-polls-per-user} polls here; one more answers 429 at once.
 * The count takes no lock ({@link PollsPerUser}): every time-out, answer and notification ends a
 * poll and gives its place back, and a bound must add no wait to them.
 *
 * <p>On shutdown every parked poll answers 204 at once, so a draining server lets its clients
 * re-poll through another one instead of holding them until the poll timeout.
 */
@Component
public class LongPollRegistry implements SmartLifecycle, DisposableBean {

  /** How long after the poll timeout the container's own time-out may step in. */
  static final Duration CONTAINER_TIMEOUT_MARGIN = Duration.ofSeconds(30);

  private final Map<Long, Set<ParkedPoll>> pollsByItem = new ConcurrentHashMap<>();
  private final AtomicInteger parked = new AtomicInteger();
  private final PollsPerUser perUser;
  private final Counter answered;
  private final Counter timedOut;
  private final Counter refused;
  private final Duration pollTimeout;
  private final ScheduledThreadPoolExecutor timer;
  private volatile boolean accepting = true;

  @Autowired
  public LongPollRegistry(MeterRegistry meters, LiveAuctionProperties properties) {
    this(meters, properties.pollTimeout(), properties.maxPollsPerUser());
  }

  LongPollRegistry(MeterRegistry meters, Duration pollTimeout, int maxPollsPerUser) {
    this.pollTimeout = pollTimeout;
    this.perUser = new PollsPerUser(maxPollsPerUser);
    this.timer =
        new ScheduledThreadPoolExecutor(
            1,
            runnable -> {
              Thread thread = new Thread(runnable, "long-poll-timeouts");
              thread.setDaemon(true);
              return thread;
            });
    timer.setRemoveOnCancelPolicy(true);
    Gauge.builder("anemometer.longpolls.parked", parked, AtomicInteger::get)
        .description("long polls waiting for a high-bid change on this server")
        .register(meters);
    answered = Counter.builder("anemometer.longpolls").tag("result", "answered").register(meters);
    timedOut = Counter.builder("anemometer.longpolls").tag("result", "timeout").register(meters);
    refused = Counter.builder("anemometer.longpolls").tag("result", "refused").register(meters);
  }

  /** The result a poll waits on; the container's time-out is a net beyond the poll timeout. */
  DeferredResult<ResponseEntity<HighBidView>> newResult() {
    return new DeferredResult<>(pollTimeout.plus(CONTAINER_TIMEOUT_MARGIN).toMillis());
  }

  /**
   * Parks a poll for changes of {@code itemId} newer than {@code after}. The caller then reads the
   * item's current state and calls {@link ParkedPoll#answerIfChanged}: parking first and reading
   * second means a change is either in that read or in a later notification, never in neither.
   */
  ParkedPoll park(
      long userId, long itemId, int after, DeferredResult<ResponseEntity<HighBidView>> result) {
    AtomicInteger place = perUser.acquire(userId);
    if (place == null) {
      refused.increment();
      throw LiveAuctionProblems.tooManyPolls(userId, perUser.maxPerUser());
    }
    ParkedPoll poll = new ParkedPoll(userId, place, itemId, after, result);
    result.onTimeout(poll::timeOut);
    result.onCompletion(poll::abandon);
    result.onError(error -> poll.abandon());
    parked.incrementAndGet();
    pollsByItem.compute(
        itemId,
        (id, polls) -> {
          Set<ParkedPoll> set = polls == null ? ConcurrentHashMap.newKeySet() : polls;
          set.add(poll);
          return set;
        });
    if (!accepting) {
      poll.timeOut();
    } else {
      poll.armTimeout();
    }
    return poll;
  }

  /** Answers every poll on the item that has not seen this change yet. */
  void onChange(HighBidChange change) {
    Set<ParkedPoll> polls = pollsByItem.get(change.itemId());
    if (polls == null) {
      return;
    }
    for (ParkedPoll poll : polls) {
      if (change.view().bidCount() > poll.after) {
        poll.answer(change.view());
      }
    }
  }

  /** Items with parked polls, for re-reading after the LISTEN connection was lost. */
  Set<Long> itemsWithPolls() {
    return Set.copyOf(pollsByItem.keySet());
  }

  /** Answers the polls on an item whose authoritative state (read from the database) differs. */
  void onCurrentState(long itemId, HighBidView current) {
    Set<ParkedPoll> polls = pollsByItem.get(itemId);
    if (polls != null) {
      polls.forEach(poll -> poll.answerIfChanged(current));
    }
  }

  public int parkedCount() {
    return parked.get();
  }

  /** Polls one user may have parked on this server at once. */
  int maxPollsPerUser() {
    return perUser.maxPerUser();
  }

  /** Polls the user has parked on this server. */
  int parkedBy(long userId) {
    return perUser.heldBy(userId);
  }

  /** Users with a poll parked on this server. */
  int usersWithPolls() {
    return perUser.users();
  }

  @Override
  public void start() {
    accepting = true;
  }

  @Override
  public void stop() {
    accepting = false;
    pollsByItem.values().forEach(polls -> polls.forEach(ParkedPoll::timeOut));
  }

  @Override
  public boolean isRunning() {
    return accepting;
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
  }

  /** One waiting client. Exactly one of answer / time-out wins; forgetting is idempotent. */
  final class ParkedPoll {

    private final long userId;
    private final AtomicInteger place;
    private final long itemId;
    private final int after;
    private final DeferredResult<ResponseEntity<HighBidView>> result;
    private final AtomicBoolean finished = new AtomicBoolean();
    private volatile ScheduledFuture<?> timeout;

    private ParkedPoll(
        long userId,
        AtomicInteger place,
        long itemId,
        int after,
        DeferredResult<ResponseEntity<HighBidView>> result) {
      this.userId = userId;
      this.place = place;
      this.itemId = itemId;
      this.after = after;
      this.result = result;
    }

    private void armTimeout() {
      timeout = timer.schedule(this::timeOut, pollTimeout.toNanos(), TimeUnit.NANOSECONDS);
      if (finished.get()) {
        timeout.cancel(false); // answered while the timer was being armed
      }
    }

    /**
     * Answers when the database state differs from what the client knows. Any difference counts
     * here (not only a larger count): the database is authoritative, so a count that went down (a
     * data reset) also means the client must re-read.
     */
    void answerIfChanged(HighBidView current) {
      if (current.bidCount() != after) {
        answer(current);
      }
    }

    private void answer(HighBidView view) {
      if (finish()) {
        answered.increment();
        result.setResult(ResponseEntity.ok(view));
      }
    }

    private void timeOut() {
      if (finish()) {
        timedOut.increment();
        result.setResult(ResponseEntity.noContent().build());
      }
    }

    /** Drops the poll without answering (the request failed or already completed). */
    void abandon() {
      finish();
    }

    private boolean finish() {
      if (!finished.compareAndSet(false, true)) {
        return false;
      }
      parked.decrementAndGet();
      // Before the answer is set: the client's next poll must find its place free again.
      perUser.release(userId, place);
      ScheduledFuture<?> armed = timeout;
      if (armed != null) {
        armed.cancel(false);
      }
      pollsByItem.computeIfPresent(
          itemId,
          (id, polls) -> {
            polls.remove(this);
            return polls.isEmpty() ? null : polls;
          });
      return true;
    }
  }
}
