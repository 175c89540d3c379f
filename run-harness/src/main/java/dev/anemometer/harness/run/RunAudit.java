package dev.anemometer.harness.run;

import dev.anemometer.harness.audit.AcknowledgedBid;
import dev.anemometer.harness.audit.AuditResult;
import dev.anemometer.harness.audit.BidAudit;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.results.ResultsDirectory;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bid audit of a run's instances, each through the database access its target gives; an
 * instance whose database this host cannot reach is reported unaudited, for the verdict to judge.
 */
final class RunAudit {

  private final Console console;

  RunAudit(Console console) {
    this.console = console;
  }

  AuditRound audit(DeployedStack stack, List<List<AcknowledgedBid>> bids, ResultsDirectory results)
      throws SQLException {
    console.phase("bid audit");
    results.events().phase("audit", "start");
    Map<Integer, AuditResult> audits = new LinkedHashMap<>();
    List<Integer> unreachable = new ArrayList<>();
    for (DeployedInstance instance : stack.instances()) {
      List<AcknowledgedBid> acknowledged =
          instance.index() < bids.size() ? bids.get(instance.index()) : List.of();
      Optional<DeployedStack.DatabaseAccess> access = stack.database(instance);
      if (access.isEmpty()) {
        console.notice(
            "instance-" + instance.index() + ": database not reachable, bid audit not run");
        results.events().record("audit-skipped", "instance-" + instance.index(), Map.of());
        unreachable.add(instance.index());
        continue;
      }
      AuditResult result;
      try (DeployedStack.DatabaseAccess database = access.get()) {
        result = audit(instance, database.endpoint(), acknowledged);
      }
      audits.put(instance.index(), result);
      console.info(
          "instance-"
              + instance.index()
              + ": "
              + (result.passed() ? "passed" : result.violationCount() + " violations")
              + " ("
              + result.acknowledgedBidsChecked()
              + " acknowledged bids, "
              + result.itemsChecked()
              + " items, "
              + result.soldItemsChecked()
              + " sold)");
      result.violations().stream().limit(5).forEach(v -> console.notice(v));
    }
    results.events().phase("audit", "done");
    return new AuditRound(audits, unreachable);
  }

  /**
   * A database that stalls or breaks off during the audit ends the run with one line naming it; the
   * driver's own message ("An I/O error occurred…") does not say which tier.
   */
  private static AuditResult audit(
      DeployedInstance instance, DatabaseEndpoint endpoint, List<AcknowledgedBid> acknowledged)
      throws SQLException {
    try {
      return new BidAudit(endpoint.jdbcUrl(), endpoint.user(), endpoint.password())
          .audit(acknowledged);
    } catch (SQLException e) {
      throw new SQLException(
          "instance-"
              + instance.index()
              + " database ("
              + withoutQuery(endpoint.jdbcUrl())
              + ") failed during the bid audit: "
              + e.getMessage(),
          e.getSQLState(),
          e);
    }
  }

  /** A URL's parameters may carry a password; the host, port and database name say enough. */
  private static String withoutQuery(String jdbcUrl) {
    int query = jdbcUrl.indexOf('?');
    return query < 0 ? jdbcUrl : jdbcUrl.substring(0, query);
  }
}
