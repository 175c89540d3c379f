package dev.anemometer.driver.bench;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.behavior.SimulatedUsers;
import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.http.HttpClientConfig;
import dev.anemometer.driver.http.NettyHttpClient;
import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.stats.OperationRecorder;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Second phase of {@code bench.sh}: simulated users of the default behaviour on one event loop
 * against {@link CannedAuctionApp}, measuring the driver's CPU per user-second after a warm-up.
 *
 * <p>Usage: {@code UserBench <target-url> <users> <duration-seconds> <warmup-seconds>}
 */
public final class UserBench {

  private UserBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println(
          "usage: UserBench <target-url> <users> <duration-seconds> <warmup-seconds>");
      System.exit(2);
    }
    try {
      URI target = URI.create(args[0]);
      int users = Integer.parseInt(args[1]);
      Duration duration = Duration.ofSeconds(Long.parseLong(args[2]));
      Duration warmup = Duration.ofSeconds(Long.parseLong(args[3]));
      run(target, users, duration, warmup);
    } catch (IllegalArgumentException bad) {
      // A malformed argument, or a transport this platform refuses (anemometer.transport).
      System.err.println("UserBench: " + bad.getMessage());
      System.exit(2);
    }
  }

  private static void run(URI target, int users, Duration duration, Duration warmup)
      throws Exception {
    CountingRecorder recorder = new CountingRecorder();
    UsersConfig config = new UsersConfig(target, "default", 1, users, 4, 42L);
    try (NettyHttpClient client =
        new NettyHttpClient(HttpClientConfig.defaults().withEventLoops(1))) {
      AcknowledgedBids bids = new AcknowledgedBids();
      SimulatedUsers population =
          SimulatedUsers.start(config, client, recorder, bids, TimeSource.SYSTEM);
      // With one event loop every session shares it: a spare session reaches the users' thread.
      ScheduledExecutorService loop = client.newSession(target, 1).executor();
      population.setActiveUsers(users);
      TimeUnit.NANOSECONDS.sleep(warmup.toNanos());
      QuietJit.await(Duration.ofSeconds(90));

      ThreadCpuBreakdown threadsAtStart = ThreadCpuBreakdown.now();
      recorder.driverAdded.reset();
      long operationsAtStart = recorder.operations.sum();
      long failuresAtStart = recorder.failures.sum();
      long cpuAtStart = processCpuNanos();
      long loopCpuAtStart = threadCpuNanos(loop);
      long loopBytesAtStart = threadAllocatedBytes(loop);
      long wallAtStart = System.nanoTime();
      TimeUnit.NANOSECONDS.sleep(duration.toNanos());
      long cpuNanos = processCpuNanos() - cpuAtStart;
      long loopCpuNanos = threadCpuNanos(loop) - loopCpuAtStart;
      long loopBytes = threadAllocatedBytes(loop) - loopBytesAtStart;
      double seconds = (System.nanoTime() - wallAtStart) / 1e9;
      long operations = recorder.operations.sum() - operationsAtStart;
      long failures = recorder.failures.sum() - failuresAtStart;
      String busiest = ThreadCpuBreakdown.now().topSince(threadsAtStart, 5);
      Histogram added = recorder.driverAdded.getIntervalHistogram();
      population.close();

      System.out.print(
          new UserBenchResult(
                  client.transportName(),
                  1,
                  users,
                  users * seconds,
                  operations,
                  failures,
                  bids.size(),
                  cpuNanos,
                  loopCpuNanos,
                  loopBytes,
                  busiest,
                  added)
              .lines());
    }
  }

  private static long threadCpuNanos(ScheduledExecutorService loop) throws Exception {
    return loop.submit(() -> ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime())
        .get(30, TimeUnit.SECONDS);
  }

  /** Bytes the loop thread has allocated on the heap so far (HotSpot's per-thread counter). */
  private static long threadAllocatedBytes(ScheduledExecutorService loop) throws Exception {
    return loop.submit(
            () ->
                ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                    .getCurrentThreadAllocatedBytes())
        .get(30, TimeUnit.SECONDS);
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /**
   * Counts, and the driver's own share of each successful operation's response time: from when it
   * was due to the end, less the time its requests spent on the wire (timer lateness, the event
   * loop's queue, encoding, waiting for a connection). The bench measures the users and the client,
   * not the stats pipeline.
   */
  private static final class CountingRecorder implements OperationRecorder {
    final LongAdder operations = new LongAdder();
    final LongAdder failures = new LongAdder();
    final Recorder driverAdded = new Recorder(3);

    @Override
    public void record(
        OperationType type,
        long intendedStartNanos,
        long endNanos,
        long wireNanos,
        String failureReason) {
      operations.increment();
      if (failureReason != null) {
        failures.increment();
      } else {
        driverAdded.recordValue(Math.max(0, endNanos - intendedStartNanos - wireNanos));
      }
    }
  }
}
