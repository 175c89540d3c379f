package dev.anemometer.harness.deploy.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * App servers join and leave nginx's upstream (where nginx balances directly, without HAProxy)
 * through a rendered config and a graceful reload of every nginx. nginx has no API that counts a
 * server's requests: a drained server is done once the workers that knew it have exited, which they
 * do as soon as their last request or long poll has been answered.
 */
final class NginxBalancer implements AppBalancer {

  private final Supplier<List<NginxServer.Running>> nginxes;
  private final Map<Integer, InetSocketAddress> upstreams = new TreeMap<>();
  private final Map<Integer, List<ProcessHandle>> oldWorkers = new TreeMap<>();

  /**
   * @param nginxes the web tier as it is at each call: a killed nginx is started again as another
   *     process
   */
  NginxBalancer(Supplier<List<NginxServer.Running>> nginxes, List<InetSocketAddress> initial) {
    this.nginxes = nginxes;
    for (int slot = 0; slot < initial.size(); slot++) {
      upstreams.put(slot, initial.get(slot));
    }
  }

  @Override
  public synchronized void admit(int slot, int port) throws IOException, InterruptedException {
    upstreams.put(slot, Ports.loopback(port));
    reload();
  }

  @Override
  public synchronized void drain(int slot) throws IOException, InterruptedException {
    upstreams.remove(slot);
    oldWorkers.put(slot, reload());
  }

  /** The workers of the generations before the drain that are still serving. */
  @Override
  public synchronized int inFlight(int slot) {
    return (int)
        oldWorkers.getOrDefault(slot, List.of()).stream().filter(ProcessHandle::isAlive).count();
  }

  @Override
  public synchronized void retire(int slot) {
    oldWorkers.remove(slot);
  }

  private List<ProcessHandle> reload() throws IOException, InterruptedException {
    List<InetSocketAddress> servers = List.copyOf(upstreams.values());
    List<ProcessHandle> old = new ArrayList<>();
    for (NginxServer.Running nginx : nginxes.get()) {
      old.addAll(nginx.reload(servers));
    }
    return old;
  }
}
