package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.config.ElasticitySpec;
import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.elasticity.ChangeSteps;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.ScalableTier;
import dev.anemometer.harness.elasticity.UnsupportedFaultException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The running tiers of one app instance on this host, as elasticity and fault injection see them:
 * the app tier that scales, and every process that a fault may kill, restart or pause.
 */
public final class LocalTiers implements FaultTarget {

  /** One HAProxy and what it takes to start it again from its rendered file. */
  record Haproxy(
      String name,
      Path binary,
      int port,
      Path configFile,
      Path log,
      Path socket,
      ManagedProcess process,
      CorePlacement cores) {

    HaproxyRuntimeApi api() {
      return new HaproxyRuntimeApi(socket);
    }

    Haproxy with(ManagedProcess newProcess) {
      return new Haproxy(name, binary, port, configFile, log, socket, newProcess, cores);
    }
  }

  /** The embedded PostgreSQL and what it takes to start it again on the same data and port. */
  record Postgres(
      String name,
      Path binaries,
      Path dataDir,
      int port,
      Map<String, String> settings,
      Path log,
      LocalPostgres server,
      CorePlacement cores) {

    Postgres with(LocalPostgres newServer) {
      return new Postgres(name, binaries, dataDir, port, settings, log, newServer, cores);
    }
  }

  private final ProcessGroup processes;
  private final List<Haproxy> haproxies;
  private final List<NginxServer.Running> nginxes;
  private volatile Postgres postgres;
  private final LocalAppTier app;

  LocalTiers(
      int appInstance,
      AppLauncher launcher,
      List<AppLauncher.Launched> apps,
      int appSlots,
      List<Haproxy> haproxies,
      List<NginxServer.Running> nginxes,
      Postgres postgres,
      ProcessGroup processes,
      ElasticitySpec elasticity) {
    this.processes = processes;
    this.haproxies = new CopyOnWriteArrayList<>(haproxies);
    this.nginxes = new CopyOnWriteArrayList<>(nginxes);
    this.postgres = postgres;
    this.app =
        new LocalAppTier(
            launcher,
            apps,
            appSlots,
            processes,
            balancer(apps),
            elasticity.warmUp(),
            elasticity.drainTimeout());
  }

  /** HAProxy when deployed; else nginx, which then balances the app servers itself. */
  private AppBalancer balancer(List<AppLauncher.Launched> apps) {
    if (!haproxies.isEmpty()) {
      return new HaproxyBalancer(() -> List.copyOf(this.haproxies));
    }
    if (!nginxes.isEmpty()) {
      return new NginxBalancer(
          () -> List.copyOf(this.nginxes),
          apps.stream().map(a -> Ports.loopback(a.port())).toList());
    }
    return AppBalancer.NONE;
  }

  public ScalableTier appTier() {
    return app;
  }

  /** The port of the app server named {@code name}, while it runs. */
  OptionalInt appPort(String name) {
    return app.port(name);
  }

  @Override
  public void kill(TierName tier, int instance, ChangeSteps steps) throws InterruptedException {
    switch (tier) {
      case APP -> app.kill(instance, steps);
      case LB -> {
        Haproxy lb = haproxy(instance);
        lb.process().kill();
        steps.step("killed", Map.of("process", lb.name()));
        startAgain(instance, lb, steps);
      }
      case DB -> {
        Postgres db = ownedPostgres();
        db.server().process().kill();
        steps.step("killed", Map.of("process", db.name()));
        startAgain(db, steps);
      }
      case WEB -> {
        NginxServer.Running web = nginx(instance);
        web.process().kill();
        steps.step("killed", Map.of("process", web.process().name()));
        startAgain(instance, web, steps);
      }
    }
  }

  @Override
  public void restart(TierName tier, int instance, ChangeSteps steps) throws InterruptedException {
    try {
      switch (tier) {
        case APP -> app.restart(instance, steps);
        case LB -> {
          Haproxy lb = haproxy(instance);
          lb.process().stop(HaproxyServer.STOP_GRACE);
          steps.step("stopped", Map.of("process", lb.name()));
          startAgain(instance, lb, steps);
        }
        case DB -> {
          Postgres db = ownedPostgres();
          // SIGINT is PostgreSQL's fast shutdown: SIGTERM would wait for the app's pools to leave.
          db.server().process().expectEnd();
          Signals.send("INT", db.server().process().handle());
          // A server that ignores its shutdown (stopped by a pause, stuck on a full disk) is
          // killed at the grace: the restart must not wait on it forever.
          if (db.server().process().waitForExit(LocalPostgres.STOP_GRACE).isEmpty()) {
            Signals.killTree(db.server().process().handle());
          }
          steps.step("stopped", Map.of("process", db.name()));
          startAgain(db, steps);
        }
        case WEB -> {
          NginxServer.Running web = nginx(instance);
          web.process().stop(NginxServer.STOP_GRACE);
          steps.step("stopped", Map.of("process", web.process().name()));
          startAgain(instance, web, steps);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void pause(TierName tier, int instance, Duration duration, ChangeSteps steps)
      throws InterruptedException {
    ManagedProcess process =
        switch (tier) {
          case APP -> app.process(instance);
          case LB -> haproxy(instance).process();
          case DB -> ownedPostgres().server().process();
          case WEB -> nginx(instance).process();
        };
    try {
      Signals.send("STOP", process.handle());
      steps.step("paused", Map.of("process", process.name()));
      // The pause is the fault itself: it lasts as long as configured, unless the load ends first
      // (the runner interrupts it then).
      Thread.sleep(duration.toMillis());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      resume(process, steps);
    }
  }

  /** SIGCONT, even from an interrupted thread: a tier left stopped would hang what comes next. */
  private static void resume(ManagedProcess process, ChangeSteps steps) {
    boolean interrupted = Thread.interrupted();
    try {
      Signals.send("CONT", process.handle());
      steps.step("resumed", Map.of("process", process.name()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      interrupted = true;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private Haproxy haproxy(int instance) {
    if (instance < 0 || instance >= haproxies.size()) {
      throw new UnsupportedFaultException("no HAProxy " + instance + " in this instance");
    }
    return haproxies.get(instance);
  }

  private NginxServer.Running nginx(int instance) {
    if (instance < 0 || instance >= nginxes.size()) {
      throw new UnsupportedFaultException("no nginx " + instance + " in this instance");
    }
    return nginxes.get(instance);
  }

  private void startAgain(int instance, NginxServer.Running web, ChangeSteps steps) {
    try {
      NginxServer.Running started = web.startAgain();
      processes.replace(web.process(), started.process(), NginxServer.STOP_GRACE);
      nginxes.set(instance, started);
      steps.step(
          "ready", Map.of("process", started.process().name(), "pid", started.process().pid()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Postgres ownedPostgres() {
    if (postgres == null) {
      throw new UnsupportedFaultException(
          "the database is not the embedded PostgreSQL: a shared or external server is never"
              + " stopped by Anemometer; fault skipped");
    }
    return postgres;
  }

  private void startAgain(int instance, Haproxy lb, ChangeSteps steps) {
    try {
      ManagedProcess started =
          HaproxyServer.launch(
              lb.binary(), lb.name(), lb.port(), lb.configFile(), lb.log(), lb.cores());
      processes.replace(lb.process(), started, HaproxyServer.STOP_GRACE);
      Haproxy again = lb.with(started);
      haproxies.set(instance, again);
      steps.step("started", Map.of("process", lb.name(), "pid", started.pid()));
      app.reapply(again);
      steps.step("ready", Map.of("process", lb.name()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void startAgain(Postgres db, ChangeSteps steps) {
    try {
      LocalPostgres started =
          LocalPostgres.start(
              db.name(),
              db.binaries(),
              db.dataDir(),
              db.port(),
              db.settings(),
              db.log(),
              db.cores());
      processes.replace(db.server().process(), started.process(), LocalPostgres.STOP_GRACE);
      postgres = db.with(started);
      steps.step("ready", Map.of("process", db.name(), "pid", started.process().pid()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
