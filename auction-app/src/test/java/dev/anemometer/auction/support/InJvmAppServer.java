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
public final class InJvmAppServer implements AutoCloseable {

  private static final Map<Map<String, ?>, InJvmAppServer> SHARED = new HashMap<>();

  private final ConfigurableApplicationContext context;
  private final TestPostgres.Database database;
  private final int port;
  private final boolean shared;

  private InJvmAppServer(
      ConfigurableApplicationContext context, TestPostgres.Database database, boolean shared) {
    this.context = context;
    this.database = database;
    this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
    this.shared = shared;
  }

  /**
   * The shared server with an item clock too slow to interfere with a test (items stay OPEN), and
   * only 8 request threads, so that tests notice a request that holds a thread while it waits.
   */
  public static InJvmAppServer sharedWithSlowClock() {
    return shared(
        Map.of(
            "anemometer.live-auction.open-duration", "10m",
            "anemometer.live-auction.last-call-duration", "10m",
            "server.tomcat.threads.max", "8",
            "server.tomcat.threads.min-spare", "2"));
  }

  /**
   * A server on a database of its own, shared by every test class of this JVM that asks for the
   * same properties: starting a context is the slowest part of these tests. Closing it is a no-op;
   * it stops with the JVM.
   */
  public static synchronized InJvmAppServer shared(Map<String, ?> properties) {
    InJvmAppServer server = SHARED.get(properties);
    if (server == null) {
      TestPostgres.Database database = TestPostgres.newDatabase();
      server = new InJvmAppServer(run(database, properties), database, true);
      SHARED.put(Map.copyOf(properties), server);
      Runtime.getRuntime().addShutdownHook(new Thread(server.context::close));
    }
    return server;
  }

  /** Starts a server on the database; {@code properties} override the test defaults. */
  public static InJvmAppServer start(TestPostgres.Database database, Map<String, ?> properties) {
    return new InJvmAppServer(run(database, properties), database, false);
  }

  private static ConfigurableApplicationContext run(
      TestPostgres.Database database, Map<String, ?> properties) {
    Map<String, Object> all = new HashMap<>();
    all.put("anemometer.database.url", database.jdbcUrl());
    all.put("anemometer.database.username", database.user());
    all.put("anemometer.database.password", database.password());
    all.put("anemometer.database.pool-size", "12");
    all.put("spring.jpa.open-in-view", "false");
    all.put("spring.mvc.problemdetails.enabled", "true");
    all.put("server.port", "0");
    all.put("server.address", "127.0.0.1");
    all.put("spring.main.banner-mode", "off");
    all.putAll(properties);
    // Command-line arguments, not default properties: they must win over application.yml.
    String[] arguments =
        all.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
    return new SpringApplicationBuilder(AuctionApplication.class)
        .main(AuctionApplication.class)
        .run(arguments);
  }

  public TestPostgres.Database database() {
    return database;
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
    if (!shared) {
      context.close();
    }
  }
}
