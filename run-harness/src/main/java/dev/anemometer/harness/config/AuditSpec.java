package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.syntax.ConfigDefault;

/** The bid audit after the load (the {@code audit} block). */
public record AuditSpec(
    @ConfigDefault("`false`")
        @JsonPropertyDescription(
            "`true`: a run whose audit could not reach an instance's database (a "
                + "port-forward or first connection failed) is judged on QoS alone, with "
                + "a notice and an `audit-skipped` event; `false`: such a run fails (exit "
                + "1) with `bid audit not run: database of instance-N not reachable`")
        Boolean allowUnreachable) {

  /** No {@code audit} block: every instance must be audited. */
  public static final AuditSpec STRICT = new AuditSpec(false);

  public AuditSpec {
    allowUnreachable = allowUnreachable != null && allowUnreachable;
  }

  public boolean passesUnaudited() {
    return allowUnreachable;
  }
}
