package dev.anemometer.harness.drive;

import dev.anemometer.driver.control.WorkerClient;
import dev.anemometer.harness.config.DriverSpec;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.HostWorkers;
import dev.anemometer.harness.deploy.TargetWorkers;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.json.EventLog;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The driver's workers for one load, the harness being their controller (SPEC §3.5): those the
 * target deployed (worker pods on a cluster), else started on this host for {@code driver.workers:
 * N} and stopped when the load ends, whichever way it ends, or started elsewhere and given as
 * {@code host:port}. Errors name the worker they are about.
 */
final class WorkerFleet implements AutoCloseable {

  private final List<WorkerClient> clients;
  private final HostWorkers processes;

  private WorkerFleet(List<WorkerClient> clients, HostWorkers processes) {
    this.clients = List.copyOf(clients);
    this.processes = processes;
  }

  /** Starts the workers or connects to them, and checks that each answers. */
  static WorkerFleet open(DriverSpec driver, LoadPlan plan, HostWorkers.Starter hostWorkers) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    WorkerFleet fleet;
    if (plan.targetWorkers() != null) {
      TargetWorkers deployed = plan.targetWorkers();
      plan.console().info("driver: " + deployed.workers().size() + " workers the target deployed");
      fleet = connect(deployed.workers(), deployed.token(), http, plan);
    } else if (driver.workers().startsLocally()) {
      fleet = startHere(driver.workers().count(), http, plan, hostWorkers);
    } else {
      List<String> addresses = driver.workers().addresses();
      List<TargetWorkers.Worker> given = new ArrayList<>();
      for (int i = 0; i < addresses.size(); i++) {
        String address = addresses.get(i).trim();
        given.add(new TargetWorkers.Worker("driver worker " + i + " (" + address + ")", address));
      }
      plan.console().info("driver: " + addresses.size() + " workers at " + addresses);
      fleet = connect(given, driver.workersToken(), http, plan);
    }
    try {
      fleet.clients.forEach(WorkerClient::status);
    } catch (RuntimeException e) {
      fleet.close();
      throw new TierStartException(e.getMessage());
    }
    return fleet;
  }

  private static WorkerFleet startHere(
      int count, HttpClient http, LoadPlan plan, HostWorkers.Starter hostWorkers) {
    plan.console().info("driver: starting " + count + " worker JVMs on this host");
    String token = newToken();
    HostWorkers processes =
        hostWorkers.start(count, token, entryHosts(plan.instances()), plan.driverDir());
    List<WorkerClient> clients = new ArrayList<>();
    for (HostWorkers.Worker worker : processes.workers()) {
      plan.driverProcesses().add(worker.pid());
      clients.add(
          new WorkerClient(
              URI.create("http://" + worker.address()), token, http, worker.describe()));
      plan.console().info(worker.describe() + ", log " + worker.log().getFileName());
      plan.events()
          .record(
              "worker",
              worker.processName(),
              Map.of("address", worker.address(), "pid", worker.pid()));
    }
    return new WorkerFleet(clients, processes);
  }

  /** The hosts the workers are to load, as the entry URLs name them. */
  static Set<String> entryHosts(List<DeployedInstance> instances) {
    Set<String> hosts = new TreeSet<>();
    for (DeployedInstance instance : instances) {
      for (URI entry : instance.entryUrls()) {
        if (entry.getHost() != null) {
          hosts.add(entry.getHost());
        }
      }
    }
    return hosts;
  }

  private static WorkerFleet connect(
      List<TargetWorkers.Worker> workers, String token, HttpClient http, LoadPlan plan) {
    List<WorkerClient> clients = new ArrayList<>();
    for (int i = 0; i < workers.size(); i++) {
      TargetWorkers.Worker worker = workers.get(i);
      clients.add(
          new WorkerClient(WorkerClient.baseOf(worker.address()), token, http, worker.name()));
      plan.events()
          .record(
              "worker",
              "driver-worker-" + i,
              Map.of("address", worker.address(), "name", worker.name()));
    }
    if (plan.targetWorkers() == null) {
      warnOfLoopbackEntries(clients, plan.instances(), plan.console());
    }
    return new WorkerFleet(clients, null);
  }

  /** A worker on another host cannot reach an entry URL on this host's loopback. */
  private static void warnOfLoopbackEntries(
      List<WorkerClient> clients, List<DeployedInstance> instances, Console console) {
    boolean workerElsewhere = clients.stream().anyMatch(c -> !isLoopback(c.base().getHost()));
    if (!workerElsewhere) {
      return;
    }
    for (DeployedInstance instance : instances) {
      for (URI entry : instance.entryUrls()) {
        if (isLoopback(entry.getHost())) {
          console.notice(
              "instance-"
                  + instance.index()
                  + " listens on loopback ("
                  + entry
                  + "): workers on other hosts cannot reach it");
        }
      }
    }
  }

  private static boolean isLoopback(String host) {
    try {
      return host != null && InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  List<WorkerClient> clients() {
    return clients;
  }

  /** A worker started here that ends when nothing planned it stops the load, on record. */
  void stopLoadOnExit(LoadStop stop, EventLog events, Console console) {
    if (processes == null) {
      return;
    }
    processes.watch(
        exit -> {
          String ended = describeEnd(processes.worker(exit), exit.exitCode());
          console.notice(ended + "; stopping the run");
          events.record("worker-ended", exit.process(), exit.withHow());
          stop.stop(ended);
        });
  }

  /**
   * Why the driver broke off, naming the worker: how a worker started here ended, when the error is
   * about one that did; otherwise the driver's own error, which names the worker it was talking to.
   */
  String failure(String driverError) {
    if (processes != null) {
      for (HostWorkers.Worker worker : processes.workers()) {
        if (driverError.contains(worker.describe())) {
          Integer exitCode = worker.exitCodeSoon();
          if (exitCode != null) {
            return describeEnd(worker, exitCode);
          }
        }
      }
    }
    return "the driver broke off: " + driverError;
  }

  private static String describeEnd(HostWorkers.Worker worker, int exitCode) {
    TierExit exit = new TierExit(worker.processName(), worker.pid(), exitCode);
    return worker.describe() + " ended unexpectedly: " + exit.how();
  }

  private static String newToken() {
    byte[] random = new byte[24];
    new SecureRandom().nextBytes(random);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
  }

  /** Stops the workers started here; those started elsewhere were stopped by the load's end. */
  @Override
  public void close() {
    if (processes != null) {
      processes.close();
    }
  }
}
