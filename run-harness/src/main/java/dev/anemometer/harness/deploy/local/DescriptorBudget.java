package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.tuning.TierTuning;

/**
 * What this host lets a local tier open. The tiers inherit the harness's open-file limit; HAProxy
 * refuses to start when its maxconn needs more descriptors than that (two per connection, client
 * and server side), and nginx's workers fail connections beyond it. A value above the budget is
 * lowered to it, with a notice that says how to allow more.
 */
final class DescriptorBudget {

  /** Descriptors a tier keeps for listeners, logs, health checks and its runtime socket. */
  static final int RESERVED = 100;

  private final long openFilesLimit;

  DescriptorBudget(long openFilesLimit) {
    this.openFilesLimit = openFilesLimit;
  }

  /** The limit this JVM runs with, which the tiers it starts inherit; unknown: no limit. */
  static DescriptorBudget ofThisProcess() {
    long limit = OpenFilesLimit.ofThisProcess();
    return new DescriptorBudget(limit > 0 ? limit : Long.MAX_VALUE);
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
      console.notice(
          label
              + ": nginx worker_connections "
              + nginx.workerConnections()
              + " lowered to "
              + workerConnections
              + " (open-file limit "
              + openFilesLimit
              + ")");
      nginx =
          new TierTuning.Nginx(
              nginx.workerProcesses(),
              workerConnections,
              nginx.upstreamKeepalive(),
              nginx.proxyTimeout(),
              nginx.imageCacheMegabytes(),
              nginx.imageCacheValidity());
    }
    return new TierTuning(nginx, haproxy, tuning.app(), tuning.postgres());
  }
}
