package dev.anemometer.driver.behavior;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.operation.AcknowledgedBidSink;
import dev.anemometer.driver.stats.OperationRecorder;
import java.util.ArrayList;
import java.util.List;

/**
 * Simulated users walking a behaviour against one target: the closed model, where a fixed number of
 * users cycle through sessions. User {@code i} always logs in with account {@code firstAccount +
 * i}, and users {@code 0 … n-1} are the active ones, so active users never share an account.
 */
public final class SimulatedUsers implements UserPopulation {

  private final UserFactory factory;
  private final List<SimulatedUser> users = new ArrayList<>();
  private int active;
  private boolean closed;

  private SimulatedUsers(UserFactory factory) {
    this.factory = factory;
  }

  /** Creates the users, all idle; {@link #setActiveUsers(int)} starts them. */
  public static SimulatedUsers start(
      UsersConfig config, HttpClient client, OperationRecorder recorder, TimeSource time) {
    return start(config, client, recorder, AcknowledgedBidSink.NONE, time);
  }

  /** As {@link #start(UsersConfig, HttpClient, OperationRecorder, TimeSource)}, bids reported. */
  public static SimulatedUsers start(
      UsersConfig config,
      HttpClient client,
      OperationRecorder recorder,
      AcknowledgedBidSink acknowledgedBids,
      TimeSource time) {
    return start(
        config, Behavior.load(config.behavior()), client, recorder, acknowledgedBids, time);
  }

  /** As {@link #start(UsersConfig, HttpClient, OperationRecorder, TimeSource)}, behaviour given. */
  public static SimulatedUsers start(
      UsersConfig config,
      Behavior behavior,
      HttpClient client,
      OperationRecorder recorder,
      TimeSource time) {
    return start(config, behavior, client, recorder, AcknowledgedBidSink.NONE, time);
  }

  /** As above, with every acknowledged bid reported to {@code acknowledgedBids}. */
  public static SimulatedUsers start(
      UsersConfig config,
      Behavior behavior,
      HttpClient client,
      OperationRecorder recorder,
      AcknowledgedBidSink acknowledgedBids,
      TimeSource time) {
    return new SimulatedUsers(
        new UserFactory(config, behavior, client, recorder, acknowledgedBids, time));
  }

  /**
   * Newly active users start spread evenly over one mean cycle time, so that a step of a thousand
   * users does not fire a thousand logins at once. Surplus users log out after their current
   * operation and go idle.
   */
  @Override
  public synchronized void setActiveUsers(int count) {
    if (count < 0 || count > factory.accounts()) {
      throw new IllegalArgumentException(
          "active users must be between 0 and the "
              + factory.accounts()
              + " accounts of this slice, got "
              + count);
    }
    if (closed) {
      throw new IllegalStateException("users are closed");
    }
    int starting = count - active;
    long spreadNanos = factory.behavior().cycleTime().meanNanos();
    for (int i = active; i < count; i++) {
      SimulatedUser user = user(i);
      long delayNanos = spreadNanos * (i - active) / starting;
      user.executor().execute(() -> user.activate(delayNanos, false));
    }
    for (int i = count; i < active; i++) {
      SimulatedUser user = users.get(i);
      user.executor().execute(user::park);
    }
    active = count;
    factory.auctionsInPlay().activeUsers(count);
  }

  @Override
  public synchronized int activeUsers() {
    return active;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    active = 0;
    users.forEach(UserFactory::close);
  }

  private SimulatedUser user(int index) {
    while (users.size() <= index) {
      users.add(factory.create(users.size(), user -> {}));
    }
    return users.get(index);
  }
}
