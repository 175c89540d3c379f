package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.database.DatabaseConnections;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.ContainerConfigs;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Base64;
import java.util.Optional;

/**
 * The bid audit's way into an instance's PostgreSQL: a forward from a loopback port of this host to
 * the {@code postgres-0} pod, with the run's password read back from its Secret. Empty when the
 * pod, the forward or a first connection fails: the audit is then skipped, not failed.
 */
final class PostgresForward implements DeployedStack.DatabaseAccess {

  static final String POD = "postgres-0";
  static final String SECRET = "anemometer-secrets";

  private final ClusterNetwork.PodPort forward;
  private final DatabaseEndpoint endpoint;

  private PostgresForward(ClusterNetwork.PodPort forward, DatabaseEndpoint endpoint) {
    this.forward = forward;
    this.endpoint = endpoint;
  }

  static Optional<DeployedStack.DatabaseAccess> open(
      KubernetesClient client, ClusterNetwork network, String namespace) {
    try {
      if (client.pods().inNamespace(namespace).withName(POD).get() == null) {
        return Optional.empty();
      }
      Optional<String> password = password(client, namespace);
      if (password.isEmpty()) {
        return Optional.empty();
      }
      ClusterNetwork.PodPort forward =
          network.forward(namespace, POD, ContainerConfigs.POSTGRES_PORT);
      DatabaseEndpoint endpoint =
          new DatabaseEndpoint(
              "jdbc:postgresql://" + forward.address() + "/" + ContainerConfigs.DATABASE,
              ContainerConfigs.DATABASE_USER,
              password.get());
      PostgresForward access = new PostgresForward(forward, endpoint);
      if (!access.answers()) {
        access.close();
        return Optional.empty();
      }
      return Optional.of(access);
    } catch (KubernetesClientException | TierStartException e) {
      return Optional.empty();
    }
  }

  /** The Secret as applied ({@code stringData}) or as a cluster stores it ({@code data}). */
  static Optional<String> password(KubernetesClient client, String namespace) {
    Secret secret = client.secrets().inNamespace(namespace).withName(SECRET).get();
    if (secret == null) {
      return Optional.empty();
    }
    if (secret.getData() != null && secret.getData().get("db-password") != null) {
      return Optional.of(
          new String(
              Base64.getDecoder().decode(secret.getData().get("db-password")),
              StandardCharsets.UTF_8));
    }
    return secret.getStringData() == null
        ? Optional.empty()
        : Optional.ofNullable(secret.getStringData().get("db-password"));
  }

  private boolean answers() {
    try (Connection connection =
        DatabaseConnections.open(endpoint.jdbcUrl(), endpoint.user(), endpoint.password())) {
      return connection.isValid(5);
    } catch (SQLException e) {
      return false;
    }
  }

  @Override
  public DatabaseEndpoint endpoint() {
    return endpoint;
  }

  @Override
  public void close() {
    forward.close();
  }
}
