package dev.anemometer.auction.support;

import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * PostgreSQL in a Testcontainers container of the project's own image ({@code
 * docker/postgres.Dockerfile}, Debian's PostgreSQL on the Debian base): no registry is needed, so
 * it works where images cannot be pulled. Ryuk is off would have to be pulled; a shutdown hook
 * stops the container instead.
 */
final class ContainerPostgres {

  /** The image {@code docker compose build postgres} (in {@code docker/}) makes. */
  static final String IMAGE = "anemometer/postgres:0.1.0";

  private ContainerPostgres() {}

  /** Why no container can be started here, or empty when one can. */
  static Optional<String> unavailableReason() {
    try {
      if (!DockerClientFactory.instance().isDockerAvailable()) {
        return Optional.of("no container engine answers");
      }
    } catch (Throwable e) {
      return Optional.of("no container engine answers (" + e.getMessage() + ")");
    }
    try {
      DockerClientFactory.instance().client().inspectImageCmd(IMAGE).exec();
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of(
          "a container engine answers but the image "
              + IMAGE
              + " is not built (cd docker && docker compose build postgres)");
    }
  }

  static TestPostgres.Server start() {
    PostgreSQLContainer container =
        new PostgreSQLContainer(DockerImageName.parse(IMAGE).asCompatibleSubstituteFor("postgres"))
            // The image creates its database in single-user mode: the server says so once.
            .waitingFor(Wait.forLogMessage(".*ready to accept connections.*\\n", 1));
    container.start();
    Runtime.getRuntime().addShutdownHook(new Thread(container::stop));
    return new TestPostgres.Server(
        container.getJdbcUrl(),
        container.getUsername(),
        container.getPassword(),
        "Testcontainers (" + IMAGE + ")");
  }
}
