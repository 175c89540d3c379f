package dev.anemometer.harness.results;

/**
 * The harness's exit codes, the same for every command and saved with each run ({@code
 * summary.json}, {@code runs.csv}).
 */
public final class ExitCodes {

  /** The run passed, or the command succeeded. */
  public static final int PASSED = 0;

  /** QoS not met, or the bid audit failed. */
  public static final int QOS_FAILED = 1;

  /** Bad input or configuration. */
  public static final int BAD_INPUT = 2;

  /** Infrastructure error: a tier did not start, a tool is missing. */
  public static final int INFRASTRUCTURE = 3;

  private ExitCodes() {}
}
