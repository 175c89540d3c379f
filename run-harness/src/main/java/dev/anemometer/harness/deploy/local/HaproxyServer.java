package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.tuning.ConfigRenderer;
import dev.anemometer.harness.tuning.HaproxyLayout;
import dev.anemometer.harness.tuning.TierTuning;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** One HAProxy in the foreground with its rendered {@code haproxy.cfg} and runtime API socket. */
public final class HaproxyServer {

  static final Duration START_TIMEOUT = Duration.ofSeconds(30);
  static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private HaproxyServer() {}

  /** HAProxy with exactly the given app servers in its backend. */
  public static ManagedProcess start(
      Path haproxy,
      TierTuning.Haproxy tuning,
      String name,
      int port,
      List<InetSocketAddress> appServers,
      Path workDir,
      Path configFile,
      Path log,
      CorePlacement cores)
      throws IOException {
    return start(
        haproxy,
        tuning,
        name,
        port,
        appServers,
        appServers.size(),
        workDir,
        configFile,
        log,
        cores);
  }

  /**
   * @param serverSlots backend servers to render: the app servers, then disabled slots
   * @return the running process; its runtime API listens on {@code workDir/haproxy.sock}
   */
  public static ManagedProcess start(
      Path haproxy,
      TierTuning.Haproxy tuning,
      String name,
      int port,
      List<InetSocketAddress> appServers,
      int serverSlots,
      Path workDir,
      Path configFile,
      Path log,
      CorePlacement cores)
      throws IOException {
    Files.createDirectories(workDir);
    Files.deleteIfExists(statsSocket(workDir));
    HaproxyLayout layout =
        new HaproxyLayout(
            name,
            port,
            appServers,
            workDir.resolve("haproxy.pid"),
            statsSocket(workDir),
            Math.max(serverSlots, appServers.size()));
    Files.createDirectories(configFile.getParent());
    Files.writeString(configFile, ConfigRenderer.haproxy(tuning, layout));
    return launch(haproxy, name, port, configFile, log, cores);
  }

  /** Starts HAProxy on an already rendered config: at deployment, or again after a fault. */
  static ManagedProcess launch(
      Path haproxy, String name, int port, Path configFile, Path log, CorePlacement cores)
      throws IOException {
    // -db: stay in the foreground so that the harness owns the process and its exit.
    List<String> command =
        List.of(haproxy.toString(), "-db", "-f", configFile.toAbsolutePath().toString());
    return ReadyCheck.startListening(cores, name, command, log, port, START_TIMEOUT, STOP_GRACE);
  }

  public static Path statsSocket(Path workDir) {
    return workDir.resolve("haproxy.sock");
  }
}
