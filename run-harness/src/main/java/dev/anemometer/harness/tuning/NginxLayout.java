package dev.anemometer.harness.tuning;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;

/**
 * Where one nginx instance listens and keeps its files.
 *
 * @param upstreams the HAProxy instances, or the app servers when there is no load balancer
 * @param workerUser the user workers run as when nginx starts as root, else null
 */
public record NginxLayout(
    String instanceName,
    int listenPort,
    List<InetSocketAddress> upstreams,
    Path pidFile,
    Path errorLog,
    Path tempDir,
    Path cacheDir,
    Path staticDir,
    String workerUser) {}
