package dev.anemometer.harness.config;

/**
 * The bid audit after the load (the {@code audit} block).
 *
 * @param allowUnreachable a run whose audit could not reach an instance's database still passes on
 *     QoS alone; absent or false: such a run fails (exit 1), since an unaudited run proves nothing
 *     about the bids it acknowledged
 */
public record AuditSpec(Boolean allowUnreachable) {

  /** No {@code audit} block: every instance must be audited. */
  public static final AuditSpec STRICT = new AuditSpec(false);

  public boolean passesUnaudited() {
    return allowUnreachable != null && allowUnreachable;
  }
}
