package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.DbImpl;
import dev.anemometer.harness.config.TiersSpec;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.elasticity.ScheduleTimes;
import dev.anemometer.harness.tuning.ConfigRenderer;
import dev.anemometer.harness.tuning.TierTuning;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Starts the tiers of one app instance, bottom up, registering each process as it comes up. */
final class InstanceStarter {

  private static final String DEFAULT_SYSTEM_URL = "jdbc:postgresql://127.0.0.1:5432/postgres";

  private final AnemometerConfig config;
  private final int index;
  private final AppInstanceSpec spec;
  private final TierTuning tuning;
  private final LocalPaths paths;
  private final LocalDeployment.Output output;
  private final ProcessGroup processes;
  private final Console console;
  private final TierChoice choice;
  private final CorePlacement cores;
  private final String label;
  private AppLauncher launcher;
  private final List<AppLauncher.Launched> appProcesses = new ArrayList<>();
  private final List<LocalTiers.Haproxy> haproxies = new ArrayList<>();
  private final List<NginxServer.Running> nginxes = new ArrayList<>();
  private LocalTiers.Postgres postgres;

  InstanceStarter(
      AnemometerConfig config,
      int index,
      TierTuning tuning,
      LocalPaths paths,
      LocalDeployment.Output output,
      ProcessGroup processes,
      Console console,
      TierChoice choice,
      CorePlacement cores) {
    this.config = config;
    this.index = index;
    this.spec = config.appInstances().get(index);
    this.tuning = tuning;
    this.paths = paths;
    this.output = output;
    this.processes = processes;
    this.console = console;
    this.choice = choice;
    this.cores = cores;
    this.label = "instance-" + index;
  }

  DeployedInstance start(LocalDeployment.DataPreparer data) throws IOException {
    String path = "appInstances[" + index + "].tiers";
    // Decide on nginx and HAProxy before starting anything: a missing one is a config error.
    Optional<Path> nginx = choice.nginx(spec.tiers().web(), path);
    Optional<Path> haproxy = choice.haproxy(spec.tiers().lb(), path);
    DatabaseEndpoint database = startDatabase(spec.tiers().db());
    if (data != null) {
      data.prepare(index, spec, database);
    }
    List<InetSocketAddress> apps = startAppServers(database);
    List<InetSocketAddress> lbs = new ArrayList<>();
    List<Path> sockets = new ArrayList<>();
    if (haproxy.isPresent()) {
      CorePlacement lbCores = cores.forTier(spec.tiers().lb().cpus());
      for (int i = 0; i < spec.tiers().lb().instances(); i++) {
        String name = label + "-haproxy-" + i;
        int port = Ports.freeLoopbackPort();
        Path work = paths.workDir(name);
        ManagedProcess process =
            HaproxyServer.start(
                haproxy.get(),
                tuning.haproxy(),
                name,
                port,
                apps,
                ScheduleTimes.maxAppServers(config, index),
                work,
                output.tuningDir().resolve(name + ".cfg"),
                output.logsDir().resolve(name + ".log"),
                lbCores);
        processes.add(process, HaproxyServer.STOP_GRACE);
        haproxies.add(
            new LocalTiers.Haproxy(
                name,
                haproxy.get(),
                port,
                output.tuningDir().resolve(name + ".cfg"),
                output.logsDir().resolve(name + ".log"),
                HaproxyServer.statsSocket(work),
                process,
                lbCores));
        lbs.add(Ports.loopback(port));
        sockets.add(HaproxyServer.statsSocket(work));
        console.info(
            name + " on port " + port + " → " + apps.size() + " app servers" + lbCores.where());
      }
    }
    List<InetSocketAddress> webs = new ArrayList<>();
    if (nginx.isPresent()) {
      CorePlacement webCores = cores.forTier(spec.tiers().web().cpus());
      for (int i = 0; i < spec.tiers().web().instances(); i++) {
        String name = label + "-nginx-" + i;
        int port = Ports.freeLoopbackPort();
        NginxServer.Running running =
            NginxServer.launch(
                nginx.get(),
                tuning.nginx(),
                name,
                port,
                lbs.isEmpty() ? apps : lbs,
                paths.workDir(name),
                output.tuningDir().resolve(name + ".conf"),
                output.logsDir().resolve(name + ".log"),
                webCores);
        processes.add(running.process(), NginxServer.STOP_GRACE);
        nginxes.add(running);
        webs.add(Ports.loopback(port));
        console.info(name + " on port " + port + webCores.where());
      }
    }
    List<InetSocketAddress> entries = !webs.isEmpty() ? webs : !lbs.isEmpty() ? lbs : apps;
    return new DeployedInstance(
        index, LocalDeployment.urls(entries), database, LocalDeployment.urls(apps), sockets);
  }

  DatabaseEndpoint startDatabase(TiersSpec.DbTier db) throws IOException {
    String name = label + "-postgres";
    Path conf = output.tuningDir().resolve(name + ".conf");
    Files.createDirectories(conf.getParent());
    if (db.impl() == DbImpl.EMBEDDED) {
      Path binaries = PostgresBinaries.install(paths.postgresBinariesBase());
      int port = Ports.freeLoopbackPort();
      Files.writeString(conf, ConfigRenderer.postgres(tuning.postgres(), name, port));
      CorePlacement dbCores = cores.forTier(db.cpus());
      LocalPostgres postgres =
          LocalPostgres.start(
              name,
              binaries,
              paths.postgresData(index),
              port,
              ConfigRenderer.postgresSettings(tuning.postgres()),
              output.logsDir().resolve(name + ".log"),
              dbCores);
      processes.add(postgres.process(), LocalPostgres.STOP_GRACE);
      this.postgres =
          new LocalTiers.Postgres(
              name,
              binaries,
              paths.postgresData(index),
              port,
              ConfigRenderer.postgresSettings(tuning.postgres()),
              output.logsDir().resolve(name + ".log"),
              postgres,
              dbCores);
      console.info(name + " (embedded) on port " + port + dbCores.where());
      return new DatabaseEndpoint(
          postgres.createDatabase("auction"), LocalPostgres.SUPERUSER, postgres.password());
    }
    String user = db.user() == null ? "postgres" : db.user();
    String password = db.password() == null ? "" : db.password();
    if (db.impl() == DbImpl.POSTGRES_EXTERNAL) {
      Files.writeString(conf, "# external server: settings not managed by Anemometer\n");
      return new DatabaseEndpoint(db.jdbcUrl(), user, password);
    }
    // A system install is shared: render the settings for the record, apply none of them.
    Files.writeString(conf, ConfigRenderer.postgres(tuning.postgres(), name, 5432));
    console.notice(
        name
            + ": postgres-system keeps its own settings; "
            + conf.getFileName()
            + " shows what Anemometer would set");
    String admin = db.jdbcUrl() == null ? DEFAULT_SYSTEM_URL : db.jdbcUrl();
    String url = Databases.createIfMissing(admin, user, password, "anemometer_" + index);
    return new DatabaseEndpoint(url, user, password);
  }

  private List<InetSocketAddress> startAppServers(DatabaseEndpoint database) throws IOException {
    Path appJar =
        paths
            .appJar()
            .orElseThrow(
                () ->
                    new TierStartException(
                        "the app jar is missing (auction-app/target/auction-app-*-exec.jar); build"
                            + " it with ./mvnw -B -q package -DskipTests or set ANEMOMETER_APP_JAR"));
    launcher =
        new AppLauncher(
            label,
            tuning.app(),
            database,
            appJar,
            output,
            console,
            cores.forTier(spec.tiers().app().cpus()));
    List<InetSocketAddress> apps = new ArrayList<>();
    for (int i = 0; i < spec.tiers().app().instances(); i++) {
      AppLauncher.Launched launched = launcher.launch(i);
      processes.add(launched.process(), AppServer.STOP_GRACE);
      appProcesses.add(launched);
      apps.add(Ports.loopback(launched.port()));
    }
    return apps;
  }

  /**
   * What elasticity and faults act on, once {@link #start} returned: the app servers and their
   * launcher, each HAProxy and how to start it again, each nginx, and the embedded PostgreSQL.
   */
  LocalTiers tiers() {
    return new LocalTiers(
        index,
        launcher,
        List.copyOf(appProcesses),
        ScheduleTimes.maxAppServers(config, index),
        List.copyOf(haproxies),
        List.copyOf(nginxes),
        postgres,
        processes,
        config.elasticity());
  }
}
