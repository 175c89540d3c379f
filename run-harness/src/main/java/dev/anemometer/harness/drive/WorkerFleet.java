package dev.anemometer.harness.drive;

import dev.anemometer.driver.api.Worker;
import dev.anemometer.harness.config.DriverSpec;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.HostWorkers;
import dev.anemometer.harness.deploy.TargetWorkers;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.json.EventLog;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.SecureRandom;
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

  private final List<Worker> workers;
  private final HostWorkers processes;

  private WorkerFleet(List<Worker> workers, HostWorkers processes) {
    this.workers = List.copyOf(workers);
    this.processes = processes;
  }

  /**
   * Starts the workers here or names those deployed or given; the driver checks that each answers
   * when the load opens.
   */
  static WorkerFleet open(DriverSpec driver, LoadPlan plan, HostWorkers.Starter hostWorkers) {
    if (plan.targetWorkers() != null) {
      TargetWorkers deployed = plan.targetWorkers();
      plan.console().info("driver: " + deployed.workers().size() + " workers the target deployed");
      return connect(deployed.workers(), deployed.token(), plan);
    } else if (driver.workers().startsLocally()) {
      return startHere(driver.workers().count(), plan, hostWorkers);
    } else {
      List<String> addresses = driver.workers().addresses();
      List<TargetWorkers.Worker> given = new ArrayList<>();
      for (int i = 0; i < addresses.size(); i++) {
        String address = addresses.get(i).trim();
        given.add(new TargetWorkers.Worker("driver worker " + i + " (" + address + ")", address));
      }
      plan.console().info("driver: " + addresses.size() + " workers at " + addresses);
      return connect(given, driver.workersToken(), plan);
    }
  }

  private static WorkerFleet startHere(int count, LoadPlan plan, HostWorkers.Starter hostWorkers) {
    plan.console().info("driver: starting " + count + " worker JVMs on this host");
    String token = newToken();
    HostWorkers processes =
        hostWorkers.start(count, token, entryHosts(plan.instances()), plan.driverDir());
    List<Worker> workers = new ArrayList<>();
    for (HostWorkers.Worker worker : processes.workers()) {
      plan.driverProcesses().add(worker.pid());
      workers.add(Worker.at(worker.address(), token).named(worker.describe()));
      plan.console().info(worker.describe() + ", log " + worker.log().getFileName());
      plan.events()
          .record(
              "worker",
              worker.processName(),
              Map.of("address", worker.address(), "pid", worker.pid()));
    }
    return new WorkerFleet(workers, processes);
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
      List<TargetWorkers.Worker> given, String token, LoadPlan plan) {
    List<Worker> workers = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      TargetWorkers.Worker worker = given.get(i);
      workers.add(Worker.at(worker.address(), token).named(worker.name()));
      plan.events()
          .record(
              "worker",
              "driver-worker-" + i,
              Map.of("address", worker.address(), "name", worker.name()));
    }
    if (plan.targetWorkers() == null) {
      warnOfLoopbackEntries(workers, plan.instances(), plan.console());
    }
    return new WorkerFleet(workers, null);
  }

  /** A worker on another host cannot reach an entry URL on this host's loopback. */
  private static void warnOfLoopbackEntries(
      List<Worker> workers, List<DeployedInstance> instances, Console console) {
    boolean workerElsewhere = workers.stream().anyMatch(w -> !isLoopback(w.base().getHost()));
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

  List<Worker> workers() {
    return workers;
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
