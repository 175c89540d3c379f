package dev.anemometer.driver.spec;

/**
 * The exit codes of every command of the harness and the driver (SPEC: 0 pass, 1 QoS fail, 2 bad
 * input, 3 infrastructure error); the harness saves them with each run ({@code summary.json},
 * {@code runs.csv}).
 */
public final class ExitCodes {

  /** The run passed, or the command succeeded. */
  public static final int PASSED = 0;

  /** QoS not met, or the bid audit failed. */
  public static final int QOS_FAILED = 1;

  /** Bad input or configuration. */
  public static final int BAD_INPUT = 2;

  /** Infrastructure error: a tier did not start, a tool is missing, a worker went away. */
  public static final int INFRASTRUCTURE = 3;

  private ExitCodes() {}
}
