package dev.anemometer.harness.run;

import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.harness.deploy.TierStartException;
import java.lang.reflect.Constructor;

/**
 * The driver's Netty HTTP client, found by name: its module part may land after the engine's, and
 * the harness builds and tests without it. Prefers a constructor taking the client's config (with
 * its defaults), else a no-argument one.
 */
final class NettyClients {

  static final String CLIENT = "dev.anemometer.driver.http.NettyHttpClient";
  static final String CONFIG = "dev.anemometer.driver.http.HttpClientConfig";

  private NettyClients() {}

  static HttpClient create() {
    try {
      Class<?> type = Class.forName(CLIENT);
      try {
        Class<?> configType = Class.forName(CONFIG);
        Object defaults = configType.getMethod("defaults").invoke(null);
        Constructor<?> withConfig = type.getConstructor(configType);
        return (HttpClient) withConfig.newInstance(defaults);
      } catch (ClassNotFoundException | NoSuchMethodException noConfig) {
        return (HttpClient) type.getConstructor().newInstance();
      }
    } catch (ReflectiveOperationException e) {
      throw new TierStartException(
          "the driver's Netty HTTP client (" + CLIENT + ") is not in this build: " + e, e);
    }
  }
}
