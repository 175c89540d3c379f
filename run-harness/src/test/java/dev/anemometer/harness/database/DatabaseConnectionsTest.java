package dev.anemometer.harness.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class DatabaseConnectionsTest {

  @Test
  void everyConnectionCarriesConnectSocketAndStatementDeadlines() {
    Properties properties = DatabaseConnections.properties("postgres", null);

    assertThat(properties.getProperty("connectTimeout")).isEqualTo("10");
    assertThat(properties.getProperty("loginTimeout")).isEqualTo("10");
    assertThat(properties.getProperty("socketTimeout")).isEqualTo("300");
    assertThat(properties.getProperty("options")).isEqualTo("-c statement_timeout=240000");
    assertThat(DatabaseConnections.SOCKET_TIMEOUT)
        .isGreaterThan(DatabaseConnections.STATEMENT_TIMEOUT);
  }

  @Test
  void aServerThatAcceptsButNeverAnswersEndsTheConnectWithinTheLoginTimeout() throws Exception {
    List<Socket> accepted = java.util.Collections.synchronizedList(new ArrayList<>());
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  accepted.add(silent.accept()); // and never a byte back, like a paused server
                } catch (Exception closed) {
                  // the test is over
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      String url = "jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/postgres";
      long started = System.nanoTime();

      assertThatThrownBy(() -> DatabaseConnections.open(url, "postgres", ""))
          .isInstanceOf(SQLException.class);

      Duration waited = Duration.ofNanos(System.nanoTime() - started);
      assertThat(waited).isLessThan(DatabaseConnections.CONNECT_TIMEOUT.plusSeconds(5));
      acceptor.interrupt();
    } finally {
      for (Socket socket : accepted) {
        socket.close();
      }
    }
  }
}
