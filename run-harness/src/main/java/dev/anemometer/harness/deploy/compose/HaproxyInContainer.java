package dev.anemometer.harness.deploy.compose;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * HAProxy's runtime API inside its container: {@code docker exec} of a Perl one-liner on the stats
 * socket (Perl is in every Debian image, a socket client is not). Its {@code server-template} slots
 * are matched to app containers by address.
 */
final class HaproxyInContainer {

  static final String BACKEND = "app_servers";

  private static final String CLIENT =
      "my $s = IO::Socket::UNIX->new(Peer => '/tmp/haproxy.sock') or die \"stats socket: $!\\n\";"
          + " print $s \"$ARGV[0]\\n\"; print while <$s>;";

  /**
   * One slot as {@code show servers state} tells it.
   *
   * @param operational 0 down, 1 starting, 2 up, 3 stopping
   * @param admin flags: maintenance (forced 0x01, by DNS 0x20…), drain (0x08 forced, 0x10
   *     inherited)
   */
  record Server(String name, String address, int operational, int admin) {

    /** Up and taking new requests: routed to. */
    boolean routed() {
      return operational == 2 && admin == 0;
    }
  }

  private final ComposeDeployment deployment;
  private final int appInstanceIndex;
  private final Supplier<String> containerId;

  HaproxyInContainer(
      ComposeDeployment deployment, int appInstanceIndex, Supplier<String> containerId) {
    this.deployment = deployment;
    this.appInstanceIndex = appInstanceIndex;
    this.containerId = containerId;
  }

  List<Server> servers() {
    List<Server> servers = new ArrayList<>();
    for (String line : command("show servers state " + BACKEND).lines().toList()) {
      String[] f = line.strip().split("\\s+");
      // be_id be_name srv_id srv_name srv_addr srv_op_state srv_admin_state …
      if (f.length > 6 && f[1].equals(BACKEND) && f[5].matches("\\d+") && f[6].matches("\\d+")) {
        servers.add(new Server(f[3], f[4], Integer.parseInt(f[5]), Integer.parseInt(f[6])));
      }
    }
    return servers;
  }

  /** Requests and parked long polls each server holds now ({@code scur} of {@code show stat}). */
  Map<String, Integer> sessions() {
    Map<String, Integer> sessions = new HashMap<>();
    for (String line : command("show stat").lines().toList()) {
      String[] f = line.split(",");
      if (f.length > 4 && f[0].equals(BACKEND) && f[4].matches("\\d+")) {
        sessions.put(f[1], Integer.parseInt(f[4]));
      }
    }
    return sessions;
  }

  /** No new requests to the server; those it holds finish. */
  void drain(String server) {
    command("set server " + BACKEND + "/" + server + " state drain");
  }

  /** Clears the drain, so that a container resolved into this slot later is routed to. */
  void ready(String server) {
    command("set server " + BACKEND + "/" + server + " state ready");
  }

  private String command(String command) {
    return deployment.runtimeApi(
        appInstanceIndex,
        "exec",
        containerId.get(),
        "perl",
        "-MIO::Socket::UNIX",
        "-e",
        CLIENT,
        command);
  }
}
