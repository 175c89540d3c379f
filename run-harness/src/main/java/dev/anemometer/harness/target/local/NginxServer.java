package dev.anemometer.harness.target.local;

import dev.anemometer.harness.tuning.ConfigRenderer;
import dev.anemometer.harness.tuning.NginxLayout;
import dev.anemometer.harness.tuning.TierTuning;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** One nginx in the foreground with its rendered {@code nginx.conf} and its own prefix folder. */
public final class NginxServer {

  static final Duration START_TIMEOUT = Duration.ofSeconds(30);
  static final Duration STOP_GRACE = Duration.ofSeconds(10);
  private static final List<String> STATIC_FILES =
      List.of("index.html", "static/auction.css", "static/logo.svg");

  private NginxServer() {}

  /**
   * Renders the config into {@code configFile}, starts nginx with {@code workDir} as its prefix and
   * waits until it accepts connections.
   */
  public static ManagedProcess start(
      Path nginx,
      TierTuning.Nginx tuning,
      String name,
      int port,
      List<java.net.InetSocketAddress> upstreams,
      Path workDir,
      Path configFile,
      Path log)
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
    ManagedProcess process = ManagedProcess.start(name, command, Map.of(), log);
    try {
      ReadyCheck.awaitTcp(process, port, START_TIMEOUT);
    } catch (RuntimeException e) {
      process.stop(STOP_GRACE);
      throw e;
    }
    return process;
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
