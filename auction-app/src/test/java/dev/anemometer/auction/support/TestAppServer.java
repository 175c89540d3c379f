package dev.anemometer.auction.support;

import dev.anemometer.auction.AuctionApplication;
import dev.anemometer.auction.system.security.TokenStore;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One app server on an ephemeral loopback port, in this JVM. Several can share one database, as the
 * app servers of a deployment do.
 */
public final class TestAppServer implements AutoCloseable {

  private final ConfigurableApplicationContext context;
  private final int port;

  private TestAppServer(ConfigurableApplicationContext context) {
    this.context = context;
    this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
  }

  /** Starts a server on the database; {@code properties} override the test defaults. */
  public static TestAppServer start(TestPostgres.Database database, Map<String, ?> properties) {
    Map<String, Object> all = new HashMap<>();
    all.put("spring.datasource.url", database.jdbcUrl());
    all.put("spring.datasource.username", database.user());
    all.put("spring.datasource.password", database.password());
    all.put("spring.datasource.hikari.maximum-pool-size", "12");
    all.put("spring.jpa.hibernate.ddl-auto", "none");
    all.put("spring.jpa.open-in-view", "false");
    all.put("spring.mvc.problemdetails.enabled", "true");
    all.put("server.port", "0");
    all.put("server.address", "127.0.0.1");
    all.put("spring.main.banner-mode", "off");
    all.putAll(properties);
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(AuctionApplication.class).properties(all).run();
    return new TestAppServer(context);
  }

  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  public String token(long userId) {
    return bean(TokenStore.class).issue(userId);
  }

  @Override
  public void close() {
    context.close();
  }
}
