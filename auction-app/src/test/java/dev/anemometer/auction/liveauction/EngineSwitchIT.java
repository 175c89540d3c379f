package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.AuctionApplication;
import dev.anemometer.auction.support.TestPostgres;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The data tools run the application without a web server: the engine must stay still. */
class EngineSwitchIT {

  @Test
  void withoutAWebServerNoClockOrListenerRuns() {
    TestPostgres.Database database = TestPostgres.newDatabase();
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(AuctionApplication.class)
            .main(AuctionApplication.class)
            .web(WebApplicationType.NONE)
            .run(
                "--anemometer.database.url=" + database.jdbcUrl(),
                "--anemometer.database.username=" + database.user(),
                "--anemometer.database.password=" + database.password(),
                "--spring.main.banner-mode=off")) {
      assertThat(context.getBeansOfType(LiveAuctionEngine.class)).isEmpty();
      assertThat(context.getBeansOfType(HighBidListener.class)).isEmpty();
      assertThat(context.getBeansOfType(HighBidNotifier.class)).hasSize(1);
    }
  }
}
