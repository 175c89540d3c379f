package dev.anemometer.driver.behavior;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.http.HttpSession;
import dev.anemometer.driver.operation.AcknowledgedBidSink;
import dev.anemometer.driver.stats.OperationRecorder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open model: sessions arrive at a rate whatever the system's state, each walks the behaviour
 * from its start to Logout and leaves. Each session takes a free account of the slice. Arrivals are
 * timed on one event loop (borrowed from a session) so that tests drive them with fake time.
 *
 * <p>{@link #setActiveUsers(int)} caps the sessions in progress (arrivals over the cap or with no
 * free account are dropped and counted); {@link #activeUsers()} answers how many are in progress.
 */
public final class ArrivingSessions implements UserPopulation {

  private static final Logger log = LoggerFactory.getLogger(ArrivingSessions.class);

  private final UserFactory factory;
  private final TimeSource time;
  private final HttpSession timerSession;
  private final ScheduledExecutorService timer;
  private final SplittableRandom random;
  private final List<SimulatedUser> users = new ArrayList<>();
  private final ArrayDeque<Integer> freeSlots = new ArrayDeque<>();

  // Touched only on the timer thread.
  private ArrivalRate rate;
  private int cap;
  private int inProgress;
  private long dropped;
  private long nextArrivalNanos;
  private ScheduledFuture<?> pending;
  private boolean closed;

  // Copies of the counters above for readers on other threads.
  private volatile int inProgressSnapshot;
  private volatile long droppedSnapshot;

  private ArrivingSessions(
      UserFactory factory, HttpClient client, UsersConfig config, TimeSource time) {
    this.factory = factory;
    this.time = time;
    this.timerSession = client.newSession(config.target(), 1);
    this.timer = timerSession.executor();
    this.random = new SplittableRandom(config.seed() ^ 0x5DEECE66DL);
    this.cap = config.sliceUsers();
    for (int i = 0; i < config.sliceUsers(); i++) {
      freeSlots.add(i);
    }
  }

  /** Loads the behaviour named by the config, creates the population and starts arrivals. */
  public static ArrivingSessions start(
      UsersConfig config,
      ArrivalRate rate,
      HttpClient client,
      OperationRecorder recorder,
      TimeSource time) {
    return start(config, Behavior.load(config.behavior()), rate, client, recorder, time);
  }

  /** Creates the population and starts arrivals at {@code rate}. */
  public static ArrivingSessions start(
      UsersConfig config,
      Behavior behavior,
      ArrivalRate rate,
      HttpClient client,
      OperationRecorder recorder,
      TimeSource time) {
    UserFactory factory =
        new UserFactory(config, behavior, client, recorder, AcknowledgedBidSink.NONE, time);
    ArrivingSessions sessions = new ArrivingSessions(factory, client, config, time);
    sessions.setArrivalRate(rate);
    return sessions;
  }

  /** Changes the arrival rate from now on. Safe from any thread. */
  public void setArrivalRate(ArrivalRate newRate) {
    timer.execute(
        () -> {
          rate = newRate;
          if (pending != null) {
            pending.cancel(false);
            pending = null;
          }
          nextArrivalNanos = time.nanoTime();
          scheduleNextArrival();
        });
  }

  @Override
  public void setActiveUsers(int maxInProgress) {
    if (maxInProgress < 0) {
      throw new IllegalArgumentException("session cap must be ≥ 0, got " + maxInProgress);
    }
    timer.execute(() -> cap = maxInProgress);
  }

  /** Sessions in progress; read from another thread it may be a moment old. */
  @Override
  public int activeUsers() {
    return inProgressSnapshot;
  }

  /** Arrivals that found the cap reached or no free account. */
  public long droppedArrivals() {
    return droppedSnapshot;
  }

  @Override
  public void close() {
    timer.execute(
        () -> {
          closed = true;
          if (pending != null) {
            pending.cancel(false);
          }
          users.forEach(UserFactory::close);
          timerSession.close();
        });
  }

  private void scheduleNextArrival() {
    if (closed || rate.sessionsPerSecond() == 0) {
      return;
    }
    nextArrivalNanos += rate.gapNanos(random.nextDouble());
    long delay = Math.max(0, nextArrivalNanos - time.nanoTime());
    pending = timer.schedule(this::arrive, delay, TimeUnit.NANOSECONDS);
  }

  private void arrive() {
    pending = null;
    if (closed) {
      return;
    }
    if (inProgress < cap && !freeSlots.isEmpty()) {
      int slot = freeSlots.poll();
      SimulatedUser user = user(slot);
      inProgress++;
      user.executor().execute(() -> user.activate(0, true));
    } else {
      dropped++;
      if (Long.bitCount(dropped) == 1) {
        // Powers of two only: a saturated open model must not flood the log.
        log.warn(
            "{} session arrivals dropped so far (cap {}, free accounts {})",
            dropped,
            cap,
            freeSlots.size());
      }
    }
    publish();
    scheduleNextArrival();
  }

  private SimulatedUser user(int slot) {
    while (users.size() <= slot) {
      int index = users.size();
      users.add(factory.create(index, ended -> timer.execute(() -> sessionEnded(index))));
    }
    return users.get(slot);
  }

  private void sessionEnded(int slot) {
    freeSlots.add(slot);
    inProgress--;
    publish();
  }

  private void publish() {
    inProgressSnapshot = inProgress;
    factory.auctionsInPlay().activeUsers(inProgress);
    droppedSnapshot = dropped;
  }
}
