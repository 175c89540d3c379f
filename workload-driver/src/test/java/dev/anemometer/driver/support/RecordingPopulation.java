package dev.anemometer.driver.support;

import dev.anemometer.driver.behavior.UserPopulation;
import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.operation.AcknowledgedBidSink;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.stats.OperationRecorder;
import java.util.ArrayList;
import java.util.List;

/**
 * A fake population: remembers the user counts it was given and lets the test record operations
 * with known latencies into the driver's recorder, as real users would.
 */
public class RecordingPopulation implements UserPopulation {

  public final UsersConfig config;
  public final OperationRecorder recorder;
  public final AcknowledgedBidSink acknowledgedBids;
  public final List<Integer> userCounts = new ArrayList<>();
  private volatile int activeUsers;
  private volatile boolean closed;

  public RecordingPopulation(UsersConfig config, OperationRecorder recorder) {
    this(config, recorder, AcknowledgedBidSink.NONE);
  }

  /** With the sink where the test reports bids as if the app had acknowledged them. */
  public RecordingPopulation(
      UsersConfig config, OperationRecorder recorder, AcknowledgedBidSink acknowledgedBids) {
    this.config = config;
    this.recorder = recorder;
    this.acknowledgedBids = acknowledgedBids;
  }

  /**
   * Every active user completes one operation that took {@code latencyMicros} from intended start.
   */
  public void eachUserRecords(OperationType type, long endNanos, long latencyMicros) {
    for (int i = 0; i < activeUsers; i++) {
      record(type, endNanos, latencyMicros, null);
    }
  }

  public void record(OperationType type, long endNanos, long latencyMicros, String failure) {
    long latencyNanos = latencyMicros * 1000;
    recorder.record(type, endNanos - latencyNanos, endNanos, latencyNanos / 2, failure);
  }

  @Override
  public synchronized void setActiveUsers(int users) {
    activeUsers = users;
    userCounts.add(users);
  }

  @Override
  public int activeUsers() {
    return activeUsers;
  }

  public boolean closed() {
    return closed;
  }

  @Override
  public void close() {
    closed = true;
  }
}
