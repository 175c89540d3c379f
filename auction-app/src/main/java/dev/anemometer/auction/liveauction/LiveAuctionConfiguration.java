package dev.anemometer.auction.liveauction;

import io.micrometer.core.instrument.MeterRegistry;
import java.sql.DriverManager;
import java.util.Properties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LiveAuctionProperties.class)
class LiveAuctionConfiguration {

  /**
   * The running part of the engine (LISTEN thread, item clock) exists only in a web server, and can
   * be switched off with {@code anemometer.live-auction.engine.enabled=false}: the data tools run
   * the same application without a web server, and must not move auctions while they load.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnWebApplication
  @ConditionalOnProperty(
      prefix = "anemometer.live-auction.engine",
      name = "enabled",
      matchIfMissing = true)
  static class EngineConfiguration {

    /** The LISTEN connection uses the pool's database and account, but not the pool. */
    @Bean
    ListenerConnections listenerConnections(DataSourceProperties dataSource) {
      String url = dataSource.determineUrl();
      Properties info = new Properties();
      if (dataSource.determineUsername() != null) {
        info.setProperty("user", dataSource.determineUsername());
      }
      if (dataSource.determinePassword() != null) {
        info.setProperty("password", dataSource.determinePassword());
      }
      info.setProperty("ApplicationName", HighBidListener.APPLICATION_NAME);
      info.setProperty("tcpKeepAlive", "true");
      return () -> DriverManager.getConnection(url, info);
    }

    @Bean
    HighBidListener highBidListener(
        ListenerConnections connections,
        LongPollRegistry registry,
        HighBidReader reader,
        LiveAuctionProperties properties,
        MeterRegistry meters) {
      return new HighBidListener(connections, registry, reader, properties, meters);
    }

    @Bean
    LiveAuctionEngine liveAuctionEngine(
        ItemClock clock,
        AuctionSequencer sequencer,
        HighBidListener listener,
        LiveAuctionProperties properties) {
      return new LiveAuctionEngine(clock, sequencer, listener, properties);
    }

    @Bean("liveAuction")
    LiveAuctionHealth liveAuctionHealth(HighBidListener listener, LongPollRegistry polls) {
      return new LiveAuctionHealth(listener, polls);
    }
  }
}
