package dev.anemometer.auction.system.time;

import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The wall clock the app stamps rows with (a join, a new item), as a bean so that tests can drive
 * it. Times that servers must agree on (an item's due time, a left attendance) stay the database's
 * {@code now()}.
 */
@Configuration(proxyBeanMethods = false)
class ClockConfiguration {

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }
}
