package dev.anemometer.driver.bench;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * Entry point of {@code workload-driver/bench/bench.sh}: runs {@link RawHttpLoop} and prints its
 * figures as {@code key=value} lines for the script to read.
 *
 * <p>Usage: {@code HttpBench <url> <connections> <duration-seconds> [warmup-seconds]}
 */
public final class HttpBench {

  private HttpBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 3 || args.length > 4) {
      System.err.println(
          "usage: HttpBench <url> <connections> <duration-seconds> [warmup-seconds]");
      System.exit(2);
    }
    URI url;
    int connections;
    Duration duration;
    Duration warmup;
    try {
      url = URI.create(args[0]);
      connections = Integer.parseInt(args[1]);
      duration = Duration.ofSeconds(Long.parseLong(args[2]));
      warmup = Duration.ofSeconds(args.length == 4 ? Long.parseLong(args[3]) : 10);
    } catch (IllegalArgumentException bad) {
      System.err.println("HttpBench: " + bad.getMessage());
      System.exit(2);
      return;
    }
    RawLoopResult result;
    try {
      result = new RawHttpLoop(url, connections).run(warmup, duration);
    } catch (IllegalArgumentException refused) {
      // A transport this platform refuses (anemometer.transport).
      System.err.println("HttpBench: " + refused.getMessage());
      System.exit(2);
      return;
    }
    System.out.printf(
        Locale.ROOT,
        "transport=%s%nrequests=%d%nfailures=%d%nseconds=%.3f%nrequests_per_second=%.1f%n"
            + "process_cpu_us_per_request=%.3f%nloop_cpu_us_per_request=%.3f%n"
            + "loop_user_us_per_request=%.3f%nbusiest_threads=%s%n",
        result.transport(),
        result.requests(),
        result.failures(),
        result.wallNanos() / 1e9,
        result.requestsPerSecond(),
        result.processCpuMicrosPerRequest(),
        result.loopCpuMicrosPerRequest(),
        result.loopUserMicrosPerRequest(),
        result.busiestThreads());
  }
}
