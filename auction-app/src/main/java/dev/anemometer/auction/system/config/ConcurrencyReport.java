package dev.anemometer.auction.system.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;

/** Says once, at startup, which request concurrency this JVM ended up with. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ConcurrencyProperties.class)
class ConcurrencyReport {

  private static final Logger log = LoggerFactory.getLogger(ConcurrencyReport.class);

  private final ConcurrencyProperties properties;
  private final Environment environment;

  ConcurrencyReport(ConcurrencyProperties properties, Environment environment) {
    this.properties = properties;
    this.environment = environment;
  }

  @EventListener(ApplicationReadyEvent.class)
  void report() {
    boolean virtual =
        environment.getProperty(ConcurrencyEnvironmentPostProcessor.VIRTUAL, Boolean.class, false);
    if (virtual) {
      log.info("JDK {}: requests run on virtual threads", Runtime.version().feature());
    } else {
      log.info(
          "JDK {}: requests run on a pool of at most {} platform threads",
          Runtime.version().feature(),
          properties.maxThreads());
    }
  }
}
