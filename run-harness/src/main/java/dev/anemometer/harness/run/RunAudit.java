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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bid audit of a run's instances, each through the database access its target gives; an
 * instance whose database this host cannot reach is skipped with a notice, not failed.
 */
final class RunAudit {

  private final Console console;

  RunAudit(Console console) {
    this.console = console;
  }

  Map<Integer, AuditResult> audit(
      DeployedStack stack, List<List<AcknowledgedBid>> bids, ResultsDirectory results)
      throws SQLException {
    console.phase("bid audit");
    results.events().phase("audit", "start");
    Map<Integer, AuditResult> audits = new LinkedHashMap<>();
    for (DeployedInstance instance : stack.instances()) {
      List<AcknowledgedBid> acknowledged =
          instance.index() < bids.size() ? bids.get(instance.index()) : List.of();
      Optional<DeployedStack.DatabaseAccess> access = stack.database(instance);
      if (access.isEmpty()) {
        console.notice(
            "instance-" + instance.index() + ": database not reachable, bid audit skipped");
        results.events().record("audit-skipped", "instance-" + instance.index(), Map.of());
        continue;
      }
      AuditResult result;
      try (DeployedStack.DatabaseAccess database = access.get()) {
        DatabaseEndpoint endpoint = database.endpoint();
        result =
            new BidAudit(endpoint.jdbcUrl(), endpoint.user(), endpoint.password())
                .audit(acknowledged);
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
    return audits;
  }
}
