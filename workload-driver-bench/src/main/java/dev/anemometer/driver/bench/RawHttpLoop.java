package dev.anemometer.driver.bench;

import dev.anemometer.driver.http.HttpClientConfig;
import dev.anemometer.driver.http.HttpRequest;
import dev.anemometer.driver.http.HttpResponse;
import dev.anemometer.driver.http.HttpSession;
import dev.anemometer.driver.http.NettyHttpClient;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The driver's raw HTTP loop: {@code connections} sessions of one connection each, all on one
 * event-loop thread, each sending the same GET back-to-back over keep-alive. It goes through the
 * same {@link NettyHttpClient} the simulated users use, so its cost per request is theirs.
 */
public final class RawHttpLoop {

  private static final Duration MAX_EXTRA_WARMUP = Duration.ofSeconds(60);

  private final URI url;
  private final int connections;

  private final Duration maxExtraWarmup;

  public RawHttpLoop(URI url, int connections) {
    this(url, connections, MAX_EXTRA_WARMUP);
  }

  /** {@code maxExtraWarmup} bounds how long the warm-up waits for the JIT to go quiet. */
  RawHttpLoop(URI url, int connections, Duration maxExtraWarmup) {
    this.maxExtraWarmup = maxExtraWarmup;
    if (connections < 1) {
      throw new IllegalArgumentException("connections must be at least 1, got " + connections);
    }
    this.url = url;
    this.connections = connections;
  }

  /**
   * Runs for {@code warmup} unmeasured (JIT, pools, connections), then measures {@code duration}.
   */
  public RawLoopResult run(Duration warmup, Duration duration)
      throws InterruptedException, ExecutionException, TimeoutException {
    HttpClientConfig config = HttpClientConfig.defaults().withEventLoops(1);
    try (NettyHttpClient client = new NettyHttpClient(config)) {
      URI target = URI.create(url.getScheme() + "://" + url.getAuthority());
      String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
      HttpRequest request =
          HttpRequest.get(url.getRawQuery() == null ? path : path + "?" + url.getRawQuery());
      Counters counters = new Counters();
      List<Sender> senders = new ArrayList<>();
      for (int i = 0; i < connections; i++) {
        senders.add(new Sender(client.newSession(target, 1), request, counters));
      }
      ScheduledExecutorService loop = senders.get(0).session.executor();
      loop.execute(() -> senders.forEach(Sender::sendNext));

      TimeUnit.NANOSECONDS.sleep(warmup.toNanos());
      QuietJit.await(maxExtraWarmup);
      ThreadCpuBreakdown threadsAtStart = ThreadCpuBreakdown.now();
      Snapshot start = snapshot(loop, counters);
      TimeUnit.NANOSECONDS.sleep(duration.toNanos());
      Snapshot end = snapshot(loop, counters);
      String busiestThreads = ThreadCpuBreakdown.now().topSince(threadsAtStart, 6);
      loop.submit(() -> counters.stopped = true).get(10, TimeUnit.SECONDS);
      return new RawLoopResult(
          end.requests - start.requests,
          end.failures - start.failures,
          end.wallNanos - start.wallNanos,
          end.processCpuNanos - start.processCpuNanos,
          end.loopCpuNanos - start.loopCpuNanos,
          end.loopUserNanos - start.loopUserNanos,
          client.transportName(),
          busiestThreads);
    }
  }

  /** Taken on the loop thread itself, so its counters need no synchronisation. */
  private static Snapshot snapshot(ScheduledExecutorService loop, Counters counters)
      throws InterruptedException, ExecutionException, TimeoutException {
    return loop.submit(
            () ->
                new Snapshot(
                    counters.requests,
                    counters.failures,
                    System.nanoTime(),
                    processCpuNanos(),
                    ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime(),
                    ManagementFactory.getThreadMXBean().getCurrentThreadUserTime()))
        .get(30, TimeUnit.SECONDS);
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private record Snapshot(
      long requests,
      long failures,
      long wallNanos,
      long processCpuNanos,
      long loopCpuNanos,
      long loopUserNanos) {}

  /** Touched only on the one event loop. */
  private static final class Counters {
    long requests;
    long failures;
    boolean stopped;
  }

  /** One connection's loop; reused as the completion callback so a request allocates no lambda. */
  private static final class Sender implements Consumer<HttpResponse> {
    private final HttpSession session;
    private final HttpRequest request;
    private final Counters counters;

    Sender(HttpSession session, HttpRequest request, Counters counters) {
      this.session = session;
      this.request = request;
      this.counters = counters;
    }

    void sendNext() {
      session.send(request).thenAccept(this);
    }

    @Override
    public void accept(HttpResponse response) {
      if (response.failed() || response.status() != 200) {
        counters.failures++;
      } else {
        counters.requests++;
      }
      if (!counters.stopped) {
        sendNext();
      }
    }
  }
}
