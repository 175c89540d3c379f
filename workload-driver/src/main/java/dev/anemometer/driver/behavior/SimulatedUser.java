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
 * schedule, so that its latency (measured from when it was due) shows the delay, up to {@link
 * #MAX_LATENESS_NANOS}: cycles that fell due longer ago are skipped and counted as failures.
 *
 * <p>When the chain chose a chance whose condition did not hold (a bid while no followed item takes
 * one from the user, see {@link NextOperation}), the user runs nothing until it holds: it looks
 * again every cycle time, as its followers bring news of its auctions, and runs the operation at
 * the first look that finds the condition holding, due then. It gives up, and runs what the chain
 * would have chosen otherwise, when it follows no auction or after {@link #MAX_WAIT_NANOS}.
 */
final class SimulatedUser {

  /**
   * How long a user waits for the condition of a chance it drew before giving the chance up. Twice
   * the 60 s after which an item nobody outbids closes (OPEN 30 s, then LAST_CALL 30 s): that ends
   * the longest spells in which no followed item takes the user's bid (the user is its high bidder,
   * or its price is at the bidding ceiling), and the next item is on sale seconds later.
   */
  static final long MAX_WAIT_NANOS = 120_000_000_000L;

  /**
   * How far a user may fall behind its schedule and still send what fell due. Up to this lateness
   * the operations that fell due while the user waited run back to back, each measured from when it
   * was due, so a stall shows in the latency (coordinated omission). Beyond it, a browser would not
   * queue the clicks: the cycles that fell due earlier are skipped and counted as failures, the
   * platform's. Twice the longest response-time limit (GetImageForItem 5 s), so an operation
   * skipped here had missed every limit anyway; without the bound, a minute of overload left every
   * user a dozen operations to send at once afterwards, and the replay held the stack in its
   * overload at loads it carried from a quiet start (decision 0010).
   */
  static final long MAX_LATENESS_NANOS = 10_000_000_000L;

  /**
   * The grid every user's due times fall on. A cycle time drawn from its distribution is rounded up
   * to it, and the operation is due at the rounded time, so its latency is measured from there and
   * the rounding adds none. Users whose operations fall due in the same tick are sent in one
   * wake-up of their event loop instead of one each: the driver's cost per user is mostly waking,
   * not working (workload-driver-bench: about 1,400 wake-ups a second for 1,100 requests at 2,000
   * users, each on cold caches). Rounding up adds 2.5 ms to a cycle of about 5 s on average (0.05
   * %); at 1,000 operations a second a tick sends about five together.
   */
  static final long PACING_TICK_NANOS = 5_000_000L;

  /** The failure reason of a cycle skipped because its user was too far behind its schedule. */
  static final String BEHIND_SCHEDULE = "BEHIND_SCHEDULE";

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
  private NextOperation next;
  private long nextDueNanos;
  private long waitDeadlineNanos;
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
    next = NextOperation.now(behavior.start());
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
    if (next.waits() && !holds(next.awaited())) {
      if (worthWaiting()) {
        nextDueNanos = onTick(nextDueNanos + behavior.cycleTime().sampleNanos(context.random()));
        schedule();
        return;
      }
      next = NextOperation.now(next.otherwise());
    }
    run(next.operation(), nextDueNanos);
  }

  /** Only followers make an awaitable condition hold, and not forever: an item closes. */
  private boolean worthWaiting() {
    return !context.followed().isEmpty() && nextDueNanos < waitDeadlineNanos;
  }

  private void run(OperationType type, long dueNanos) {
    inFlight = true;
    if (type == OperationType.LOGOUT) {
      // A page that logs out drops its long polls first: a poll sent once the server had revoked
      // the token would fail with 401, a failure of the driver's making (31 in one probe near the
      // peak, where logouts take longer).
      followers.stopAll();
    }
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
      next = NextOperation.now(behavior.start());
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
    nextDueNanos = skipCyclesBeyondLateness(type, dueNanos);
    waitDeadlineNanos = nextDueNanos + MAX_WAIT_NANOS;
    schedule();
  }

  /**
   * The next due time on the schedule, one cycle after {@code dueNanos}, unless the user is more
   * than {@link #MAX_LATENESS_NANOS} behind it: the cycles that fell due before that are skipped,
   * each recorded as a failure of the operation that held the user up ({@link #BEHIND_SCHEDULE}),
   * and the schedule resumes with the first cycle within the lateness.
   */
  private long skipCyclesBeyondLateness(OperationType type, long dueNanos) {
    long nowNanos = time.nanoTime();
    long due = dueNanos + behavior.cycleTime().sampleNanos(context.random());
    while (nowNanos - due > MAX_LATENESS_NANOS) {
      recorder.record(type, due, nowNanos, 0, BEHIND_SCHEDULE);
      due += behavior.cycleTime().sampleNanos(context.random());
    }
    return onTick(due);
  }

  /** {@code nanos} rounded up to the next {@link #PACING_TICK_NANOS} tick. */
  static long onTick(long nanos) {
    return -Math.floorDiv(-nanos, PACING_TICK_NANOS) * PACING_TICK_NANOS;
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
