package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.Polling;
import dev.anemometer.harness.tuning.ConfigRenderer;
import dev.anemometer.harness.tuning.NginxLayout;
import dev.anemometer.harness.tuning.TierTuning;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

/** One nginx in the foreground with its rendered {@code nginx.conf} and its own prefix folder. */
public final class NginxServer {

  static final Duration START_TIMEOUT = Duration.ofSeconds(30);
  static final Duration STOP_GRACE = Duration.ofSeconds(10);
  private static final List<String> STATIC_FILES =
      List.of("index.html", "static/auction.css", "static/logo.svg");

  private NginxServer() {}

  /**
   * A started nginx and what it takes to render its config again with other upstreams: where nginx
   * balances the app servers itself, elasticity changes them with a graceful reload.
   */
  public record Running(
      ManagedProcess process,
      TierTuning.Nginx tuning,
      NginxLayout layout,
      Path configFile,
      List<String> command,
      Path log,
      CorePlacement cores) {

    /**
     * Starts nginx again, after this one ended, on its config file as it stands: the upstreams of
     * its latest reload.
     */
    public Running startAgain() throws IOException {
      ManagedProcess started =
          ReadyCheck.startListening(
              cores, process.name(), command, log, layout.listenPort(), START_TIMEOUT, STOP_GRACE);
      return new Running(started, tuning, layout, configFile, command, log, cores);
    }

    /**
     * Renders the config with these upstreams and sends SIGHUP to the master, which starts new
     * workers on it and lets the old ones finish their requests and long polls before they exit:
     * nothing in flight is dropped. Returns once the new workers run and the old ones no longer
     * accept connections.
     *
     * @return the old generation of workers, still serving what they had accepted
     */
    public List<ProcessHandle> reload(List<InetSocketAddress> upstreams)
        throws IOException, InterruptedException {
      NginxLayout next =
          new NginxLayout(
              layout.instanceName(),
              layout.listenPort(),
              upstreams,
              layout.pidFile(),
              layout.errorLog(),
              layout.tempDir(),
              layout.cacheDir(),
              layout.staticDir(),
              layout.workerUser());
      Files.writeString(configFile, ConfigRenderer.nginx(tuning, next));
      List<ProcessHandle> old = process.handle().children().toList();
      Signals.sendToProcess("HUP", process.handle());
      // A worker the old generation does not know means the master accepted the new config; the
      // old workers accept new connections until the master has told them to quit.
      boolean reloaded =
          Polling.until(
              () ->
                  process.handle().children().anyMatch(child -> !old.contains(child))
                      && old.stream().noneMatch(NginxServer::stillAccepting),
              done -> done || !process.isAlive(),
              START_TIMEOUT,
              Duration.ofMillis(50));
      if (!reloaded) {
        throw new IOException(
            process.name()
                + " did not start workers on its new config within "
                + START_TIMEOUT.toSeconds()
                + " s: "
                + process.logTail(5));
      }
      return old;
    }
  }

  /**
   * Whether this is a worker of the old generation that has not yet been told to quit. nginx
   * retitles a worker "worker process is shutting down" when it closes its listening sockets.
   */
  private static boolean stillAccepting(ProcessHandle child) {
    Path cmdline = Path.of("/proc", Long.toString(child.pid()), "cmdline");
    try {
      String title = Files.readString(cmdline).replace('\0', ' ');
      return child.isAlive()
          && title.contains("worker process")
          && !title.contains("shutting down");
    } catch (IOException | RuntimeException gone) {
      return false; // the process has exited: /proc no longer has it
    }
  }

  /**
   * Renders the config into {@code configFile}, starts nginx with {@code workDir} as its prefix and
   * waits until it accepts connections; the result keeps what a reload with other upstreams needs.
   */
  public static Running launch(
      Path nginx,
      TierTuning.Nginx tuning,
      String name,
      int port,
      List<InetSocketAddress> upstreams,
      Path workDir,
      Path configFile,
      Path log,
      CorePlacement cores)
      throws IOException {
    // nginx resolves relative paths against its prefix, not the harness's working folder.
    workDir = workDir.toAbsolutePath();
    log = log.toAbsolutePath();
    configFile = configFile.toAbsolutePath();
    Path staticDir = workDir.resolve("www");
    copyStaticFiles(staticDir);
    Files.createDirectories(workDir.resolve("temp"));
    NginxLayout layout =
        new NginxLayout(
            name,
            port,
            upstreams,
            workDir.resolve("nginx.pid"),
            log,
            workDir.resolve("temp"),
            workDir.resolve("cache"),
            staticDir,
            Executables.runningAsRoot() ? "nobody nogroup" : null);
    Files.createDirectories(configFile.getParent());
    Files.writeString(configFile, ConfigRenderer.nginx(tuning, layout));
    List<String> command =
        List.of(
            nginx.toString(),
            "-p",
            workDir.toString(),
            "-e",
            log.toString(),
            "-c",
            configFile.toAbsolutePath().toString());
    ManagedProcess process =
        ReadyCheck.startListening(cores, name, command, log, port, START_TIMEOUT, STOP_GRACE);
    return new Running(process, tuning, layout, configFile, command, log, cores);
  }

  private static void copyStaticFiles(Path staticDir) throws IOException {
    for (String file : STATIC_FILES) {
      Path target = staticDir.resolve(file);
      Files.createDirectories(target.getParent());
      try (InputStream in =
          NginxServer.class.getClassLoader().getResourceAsStream("static/" + file)) {
        if (in == null) {
          throw new IllegalStateException("missing resource static/" + file);
        }
        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }
}
