package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.LbImpl;
import dev.anemometer.harness.config.TiersSpec;
import dev.anemometer.harness.config.WebImpl;
import dev.anemometer.harness.console.Console;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Decides whether nginx and HAProxy run: {@code auto} uses them when installed and skips the tier
 * with a notice otherwise; asking for one explicitly when it is missing is a config error.
 */
final class TierChoice {

  private final Console console;

  TierChoice(Console console) {
    this.console = console;
  }

  Optional<Path> nginx(TiersSpec.WebTier web, String path) {
    if (web == null || web.impl() == WebImpl.NONE) {
      return Optional.empty();
    }
    return executable("nginx", web.impl() == WebImpl.NGINX, path + ".web.impl", "web tier");
  }

  Optional<Path> haproxy(TiersSpec.LbTier lb, String path) {
    if (lb == null || lb.impl() == LbImpl.NONE) {
      return Optional.empty();
    }
    return executable("haproxy", lb.impl() == LbImpl.HAPROXY, path + ".lb.impl", "load balancer");
  }

  private Optional<Path> executable(String name, boolean required, String path, String tier) {
    Optional<Path> found = Executables.find(name);
    if (found.isEmpty() && required) {
      throw new ConfigException(
          path
              + ": "
              + name
              + " is not installed (not on the PATH nor in /usr/sbin); install it"
              + " (apt-get install "
              + name
              + ") or set "
              + path
              + " to auto or none");
    }
    if (found.isEmpty()) {
      console.notice(name + " is not installed: the " + tier + " is skipped (" + path + " auto)");
    }
    return found;
  }
}
