package dev.anemometer.auction.system.web;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.sql.SQLTransientConnectionException;
import org.hibernate.exception.JDBCConnectionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The ways an exhausted connection pool reaches the advice, as the app met them under overload.
 * {@code DatabaseBusyIT} shows the JDBC way on a real server; a JPA transaction that cannot begin
 * only happens when the pool empties between a request's first query and its transaction, a race a
 * test cannot arrange, so its exception chain is thrown here as it was logged.
 */
class ProblemAdviceTest {

  private static final SQLTransientConnectionException POOL_TIMEOUT =
      new SQLTransientConnectionException(
          "auction - Connection is not available, request timed out after 5483ms");

  private final MockMvc mvc =
      MockMvcBuilders.standaloneSetup(new Failing())
          .setControllerAdvice(new ProblemAdvice())
          .build();

  @RestController
  static class Failing {

    @GetMapping("/transaction")
    void transaction() {
      throw new CannotCreateTransactionException(
          "Could not open JPA EntityManager for transaction",
          new JDBCConnectionException("Unable to acquire JDBC Connection", POOL_TIMEOUT));
    }

    @GetMapping("/jdbc")
    void jdbc() {
      throw new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection", POOL_TIMEOUT);
    }

    @GetMapping("/hibernate")
    void hibernate() {
      throw new DataAccessResourceFailureException(
          "Unable to acquire JDBC Connection",
          new JDBCConnectionException("Unable to acquire JDBC Connection", POOL_TIMEOUT));
    }

    @GetMapping("/decoding")
    void decoding() {
      throw new ApiException(ProblemType.UNAVAILABLE, "the server is decoding 2 images already");
    }

    @GetMapping("/bug")
    void bug() {
      throw new IllegalStateException("a bug");
    }
  }

  @Test
  void aTransactionThatCannotBeginForWantOfAConnectionIsA503() throws Exception {
    assertBusy("/transaction");
  }

  @Test
  void noConnectionForJdbcIsA503() throws Exception {
    assertBusy("/jdbc");
  }

  @Test
  void hibernatesTranslatedConnectionFailureIsA503() throws Exception {
    assertBusy("/hibernate");
  }

  @Test
  void anUnavailableOfTheAppsOwnKeepsItsDetail() throws Exception {
    mvc.perform(get("/decoding"))
        .andExpect(status().isServiceUnavailable())
        .andExpect(jsonPath("$.type").value("https://anemometer.dev/problems/unavailable"))
        .andExpect(jsonPath("$.detail").value("the server is decoding 2 images already"));
  }

  @Test
  void anythingElseStaysA500WithoutItsMessage() throws Exception {
    mvc.perform(get("/bug"))
        .andExpect(status().isInternalServerError())
        .andExpect(jsonPath("$.detail").value("the server failed to answer this request"));
  }

  private void assertBusy(String path) throws Exception {
    mvc.perform(get(path))
        .andExpect(status().isServiceUnavailable())
        .andExpect(jsonPath("$.type").value("https://anemometer.dev/problems/unavailable"))
        .andExpect(jsonPath("$.detail").value("the database is busy; retry"));
  }
}
