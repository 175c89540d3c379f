package dev.anemometer.harness.deploy.local;

import java.io.IOException;
import java.util.OptionalInt;

/**
 * What sends the load to the app servers of one app instance and lets servers join and leave while
 * it runs: HAProxy through its runtime API, or nginx balancing directly through a graceful reload.
 * A slot is a server's place in the tier (0 = first app server).
 */
interface AppBalancer {

  /** No load balancer in front of the app servers: nothing to tell. */
  AppBalancer NONE =
      new AppBalancer() {
        @Override
        public void admit(int slot, int port) {}

        @Override
        public void drain(int slot) {}

        @Override
        public int inFlight(int slot) {
          return 0;
        }

        @Override
        public void retire(int slot) {}
      };

  /** Sends the server on {@code port} its share of new requests; returns once it takes traffic. */
  void admit(int slot, int port) throws IOException, InterruptedException;

  /** Sends the slot no new requests; what it serves goes on. */
  void drain(int slot) throws IOException, InterruptedException;

  /** Requests and long polls still under way on a drained slot (what the balancer can tell). */
  int inFlight(int slot) throws IOException;

  /**
   * Requests and parked long polls on the slot's server now, where the balancer counts them
   * (HAProxy does; nginx balancing directly counts only the workers of a drained slot).
   */
  default OptionalInt sessions(int slot) throws IOException {
    return OptionalInt.empty();
  }

  /** After the slot's server stopped. */
  void retire(int slot) throws IOException;
}
