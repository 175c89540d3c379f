package dev.anemometer.harness.deploy;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * One app instance, up and ready.
 *
 * @param entryUrls where users enter: the nginx instances, else the HAProxy instances, else the app
 *     servers themselves
 * @param haproxySockets the runtime API socket of each HAProxy (elasticity drains through them)
 */
public record DeployedInstance(
    int index,
    List<URI> entryUrls,
    DatabaseEndpoint database,
    List<URI> appServers,
    List<Path> haproxySockets) {}
