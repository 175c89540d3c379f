package dev.anemometer.driver.behavior;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.operation.OperationOutcome;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.operation.Operations;
import dev.anemometer.driver.operation.UserContext;
import dev.anemometer.driver.stats.OperationRecorder;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One simulated user walking a behaviour. Every method runs on the user's session thread, so its
 * state needs no locks. Pacing is by cycle time: the next operation is due one cycle time after
 * this one was due; when an operation overruns, the next starts at once but stays due on the
 * schedule, so that its latency (measured from when it was due) shows the delay.
 */
final class SimulatedUser {

  /** Told when a user ends a session of its own accord (open model) or after being parked. */
  interface Listener {
    void idle(SimulatedUser user);
  }

  private enum Mode {
    IDLE,
    ACTIVE,
    PARKING,
    CLOSED
  }

  private final UserContext context;
  private final Behavior behavior;
  private final Operations operations;
  private final OperationRecorder recorder;
  private final TimeSource time;
  private final Followers followers;
  private final Listener listener;

  private Mode mode = Mode.IDLE;
  private boolean singleSession;
  private boolean inFlight;
  private OperationType next;
  private long nextDueNanos;
  private ScheduledFuture<?> timer;

  SimulatedUser(
      UserContext context,
      Behavior behavior,
      Operations operations,
      OperationRecorder recorder,
      TimeSource time,
      Listener listener) {
    this.context = context;
    this.behavior = behavior;
    this.operations = operations;
    this.recorder = recorder;
    this.time = time;
    this.listener = listener;
    this.followers = new Followers(context, operations, recorder, time);
  }

  UserContext context() {
    return context;
  }

  ScheduledExecutorService executor() {
    return context.session().executor();
  }

  /** Starts walking the behaviour after {@code delayNanos}, or cancels a pending park. */
  void activate(long delayNanos, boolean oneSessionOnly) {
    singleSession = oneSessionOnly;
    if (mode == Mode.PARKING) {
      mode = Mode.ACTIVE;
      return;
    }
    if (mode != Mode.IDLE) {
      return;
    }
    mode = Mode.ACTIVE;
    next = behavior.start();
    nextDueNanos = time.nanoTime() + delayNanos;
    schedule();
  }

  /** Logs out after the current operation (at once if none is running) and goes idle. */
  void park() {
    if (mode != Mode.ACTIVE) {
      return;
    }
    mode = Mode.PARKING;
    if (!inFlight) {
      cancelTimer();
      leave();
    }
  }

  /** Stops for good: nothing more is sent or recorded. */
  void close() {
    mode = Mode.CLOSED;
    cancelTimer();
    followers.stopAll();
  }

  boolean idle() {
    return mode == Mode.IDLE;
  }

  private void schedule() {
    long delay = nextDueNanos - time.nanoTime();
    if (delay <= 0) {
      executor().execute(this::runNext);
    } else {
      timer = executor().schedule(this::runNext, delay, TimeUnit.NANOSECONDS);
    }
  }

  private void runNext() {
    timer = null;
    if (mode != Mode.ACTIVE) {
      return;
    }
    run(next, nextDueNanos);
  }

  private void run(OperationType type, long dueNanos) {
    inFlight = true;
    operations.run(type, context).thenAccept(outcome -> finished(type, dueNanos, outcome));
  }

  private void finished(OperationType type, long dueNanos, OperationOutcome outcome) {
    inFlight = false;
    if (mode == Mode.CLOSED) {
      return;
    }
    recorder.record(type, dueNanos, time.nanoTime(), outcome.wireNanos(), outcome.failureReason());
    recorder.recordConnectionWait(outcome.connectionWaitNanos());
    if (outcome.failed()) {
      // Start over like a user whose page broke: from the home page, logged out.
      context.forget();
      next = behavior.start();
    } else {
      next = behavior.next(type, this::holds, context.random());
    }
    context.leaveAuctionsOutOfPlay();
    followers.sync();
    boolean sessionOver = type == OperationType.LOGOUT || outcome.failed();
    if (mode == Mode.PARKING || (singleSession && sessionOver)) {
      leave();
      return;
    }
    nextDueNanos = dueNanos + behavior.cycleTime().sampleNanos(context.random());
    schedule();
  }

  /** Logs out if logged in (due now: parking is not paced), else goes idle. */
  private void leave() {
    if (context.loggedIn()) {
      run(OperationType.LOGOUT, time.nanoTime());
      return;
    }
    followers.stopAll();
    context.forget();
    mode = Mode.IDLE;
    listener.idle(this);
  }

  private boolean holds(Condition condition) {
    return switch (condition) {
      case NO_LIVE_AUCTIONS -> context.noLiveAuctions();
      case CAN_JOIN ->
          context.followed().size() < behavior.maxFollowedAuctions()
              && context.joinableAuctionSeen();
      case CAN_BID -> operations.canBid(context);
      case FOLLOWING -> !context.followed().isEmpty();
    };
  }

  private void cancelTimer() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
  }
}
