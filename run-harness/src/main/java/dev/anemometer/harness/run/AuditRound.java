package dev.anemometer.harness.run;

import dev.anemometer.harness.audit.AuditResult;
import java.util.List;
import java.util.Map;

/**
 * What the bid audit of a run found: a result per audited instance, and the instances whose
 * database this host could not reach, which were not audited at all.
 */
record AuditRound(Map<Integer, AuditResult> results, List<Integer> unreachable) {

  AuditRound {
    results = Map.copyOf(results);
    unreachable = List.copyOf(unreachable);
  }

  boolean violated() {
    return !results.values().stream().allMatch(AuditResult::passed);
  }
}
