package dev.anemometer.auction.system.config;

import java.util.Locale;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Chooses how requests get threads before Spring Boot configures Tomcat: virtual threads on a JDK
 * 21 or newer (Spring only honours {@code spring.threads.virtual.enabled} there), else the bounded
 * platform pool of {@code anemometer.concurrency.max-threads}. {@code
 * anemometer.concurrency.threads} may force either; forcing VIRTUAL on JDK 17 falls back to the
 * pool rather than failing.
 */
public class ConcurrencyEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

  static final String MODE = "anemometer.concurrency.threads";
  static final String VIRTUAL = "spring.threads.virtual.enabled";

  private final int javaFeatureVersion;

  public ConcurrencyEnvironmentPostProcessor() {
    this(Runtime.version().feature());
  }

  ConcurrencyEnvironmentPostProcessor(int javaFeatureVersion) {
    this.javaFeatureVersion = javaFeatureVersion;
  }

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    String mode = environment.getProperty(MODE, "AUTO").trim().toUpperCase(Locale.ROOT);
    boolean virtual = javaFeatureVersion >= 21 && !mode.equals("PLATFORM");
    environment
        .getPropertySources()
        .addFirst(
            new MapPropertySource(
                "anemometerConcurrency", Map.of(VIRTUAL, Boolean.toString(virtual))));
  }

  @Override
  public int getOrder() {
    // After application.yml and the environment are loaded, so that MODE can be read from them.
    return Ordered.LOWEST_PRECEDENCE;
  }
}
