package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.OpenFilesLimit;
import dev.anemometer.harness.tuning.TierTuning;

/**
 * What this host lets a local tier open. The tiers inherit the harness's open-file limit; HAProxy
 * refuses to start when its maxconn needs more descriptors than that (two per connection, client
 * and server side), and nginx's workers fail connections beyond it. A value above the budget is
 * lowered to it, with a notice that says how to allow more.
 *
 * <p>The limit is per process, and nginx's connections are spread over its workers (each listens on
 * its own socket, {@code reuseport}): where one worker's budget is short of the connections an
 * instance needs, the instance runs more workers, so that together they have them. With one worker
 * per core a 2-core machine's instance had two workers of 19,900 connections at most (limit
 * 20,000); at 4,400 users they held 15,109 and 9,244 descriptors (about four connections per user
 * from the driver and 1.6 in flight to HAProxy, mostly long polls), and past 5,000 users the busier
 * one ran out and closed its users' idle connections ("worker_connections are not enough, reusing
 * connections"), a wave of reconnections and failures that outlasted the overload.
 */
final class DescriptorBudget {

  /** Descriptors a tier keeps for listeners, logs, health checks and its runtime socket. */
  static final int RESERVED = 100;

  private final long openFilesLimit;
  private final int cores;

  /** {@code cores}: how many workers nginx's {@code worker_processes auto} starts here. */
  DescriptorBudget(long openFilesLimit, int cores) {
    this.openFilesLimit = openFilesLimit;
    this.cores = Math.max(1, cores);
  }

  /** The limit this JVM runs with, which the tiers it starts inherit; unknown: no limit. */
  static DescriptorBudget ofThisProcess() {
    long limit = OpenFilesLimit.ofThisProcess();
    return new DescriptorBudget(
        limit > 0 ? limit : Long.MAX_VALUE, Runtime.getRuntime().availableProcessors());
  }

  TierTuning fit(TierTuning tuning, String label, Console console) {
    int maxconn = (int) Math.min(Integer.MAX_VALUE, (openFilesLimit - RESERVED) / 2);
    int workerConnections = (int) Math.min(Integer.MAX_VALUE, openFilesLimit - RESERVED);
    TierTuning.Haproxy haproxy = tuning.haproxy();
    TierTuning.Nginx nginx = tuning.nginx();
    if (haproxy.maxconn() > maxconn) {
      console.notice(
          label
              + ": HAProxy maxconn "
              + haproxy.maxconn()
              + " lowered to "
              + maxconn
              + " (open-file limit "
              + openFilesLimit
              + "; raise it with ulimit -n to allow more)");
      haproxy =
          new TierTuning.Haproxy(
              haproxy.balance(),
              maxconn,
              haproxy.serverMaxconn(),
              haproxy.timeoutConnect(),
              haproxy.timeoutClient(),
              haproxy.timeoutServer(),
              haproxy.checkInterval());
    }
    if (nginx.workerConnections() > workerConnections) {
      nginx = spreadOverWorkers(nginx, workerConnections, label, console);
    }
    return new TierTuning(nginx, haproxy, tuning.app(), tuning.postgres());
  }

  /**
   * nginx's {@code worker_connections} is per worker, and the tuning's is what a whole instance
   * needs: each worker gets the budget, and the instance as many workers as the need takes, at
   * least one per core.
   */
  private TierTuning.Nginx spreadOverWorkers(
      TierTuning.Nginx nginx, int budget, String label, Console console) {
    int workers = nginx.workerProcesses() == 0 ? cores : nginx.workerProcesses();
    int needed = (int) Math.max(workers, ceilDiv(nginx.workerConnections(), budget));
    console.notice(
        label
            + ": nginx worker_connections "
            + nginx.workerConnections()
            + " lowered to "
            + budget
            + " per worker (open-file limit "
            + openFilesLimit
            + ")"
            + (needed > workers ? ", over " + needed + " workers instead of " + workers : ""));
    return new TierTuning.Nginx(
        needed > workers ? needed : nginx.workerProcesses(),
        budget,
        nginx.upstreamKeepalive(),
        nginx.proxyTimeout(),
        nginx.imageCacheMegabytes(),
        nginx.imageCacheValidity());
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
