package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.Polling;
import dev.anemometer.harness.tuning.HaproxyLayout;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * App servers join and leave through HAProxy's runtime API, without a reload: the backend has a
 * slot for the most servers the run may need, and unused slots are in maintenance.
 */
final class HaproxyBalancer implements AppBalancer {

  private static final Duration IN_LB_TIMEOUT = Duration.ofSeconds(60);

  private final Supplier<List<LocalTiers.Haproxy>> balancers;

  HaproxyBalancer(Supplier<List<LocalTiers.Haproxy>> balancers) {
    this.balancers = balancers;
  }

  @Override
  public void admit(int slot, int port) throws IOException, InterruptedException {
    String server = HaproxyLayout.serverName(slot);
    for (LocalTiers.Haproxy lb : balancers.get()) {
      lb.api().setServerAddress(server, Ports.LOOPBACK, port);
      lb.api().setServerState(server, "ready");
    }
    for (LocalTiers.Haproxy lb : balancers.get()) {
      boolean up =
          Polling.until(
              () -> lb.api().serverStatus(server).startsWith("UP"),
              Boolean::booleanValue,
              IN_LB_TIMEOUT,
              Duration.ofMillis(100));
      if (!up) {
        throw new IOException(
            server + " not UP in " + lb.name() + " after " + IN_LB_TIMEOUT.toSeconds() + " s");
      }
    }
  }

  @Override
  public void drain(int slot) throws IOException {
    for (LocalTiers.Haproxy lb : balancers.get()) {
      lb.api().setServerState(HaproxyLayout.serverName(slot), "drain");
    }
  }

  /** HAProxy's current sessions of the server: in-flight requests and parked long polls. */
  @Override
  public int inFlight(int slot) throws IOException {
    int total = 0;
    for (LocalTiers.Haproxy lb : balancers.get()) {
      total += Math.max(0, lb.api().currentSessions(HaproxyLayout.serverName(slot)));
    }
    return total;
  }

  @Override
  public OptionalInt sessions(int slot) throws IOException {
    return OptionalInt.of(inFlight(slot));
  }

  @Override
  public void retire(int slot) throws IOException {
    for (LocalTiers.Haproxy lb : balancers.get()) {
      lb.api().setServerState(HaproxyLayout.serverName(slot), "maint");
    }
  }
}
