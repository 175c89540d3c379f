package dev.anemometer.harness.deploy;

import java.util.List;

/**
 * Driver workers a target started next to its tiers (worker pods on a cluster), reachable from this
 * host while open. The harness drives them as their controller exactly as it drives workers it
 * starts on this host: same control API, same token check, same merging of results.
 */
public interface TargetWorkers extends AutoCloseable {

  /**
   * One worker.
   *
   * @param name what messages call it ({@code driver-worker-0 in anemometer-run-0})
   * @param address {@code host:port} of its control API as this host reaches it
   */
  record Worker(String name, String address) {}

  List<Worker> workers();

  /** The bearer token the target gave the workers. */
  String token();

  /** Ends this host's way to the workers (port-forwards); the workers themselves stay. */
  @Override
  void close();
}
