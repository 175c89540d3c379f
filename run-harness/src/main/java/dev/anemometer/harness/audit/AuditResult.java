package dev.anemometer.harness.audit;

import java.util.List;

/**
 * What the bid audit found.
 *
 * @param violations the first violations found, each a sentence naming the bid or item
 * @param violationCount all violations, including those not listed
 */
public record AuditResult(
    int acknowledgedBidsChecked,
    int itemsChecked,
    int soldItemsChecked,
    List<String> violations,
    int violationCount) {

  public boolean passed() {
    return violationCount == 0;
  }
}
