package dev.anemometer.driver.cli;

/**
 * Entry point of the workload driver command: {@code run}, {@code worker}, {@code controller}. Exit
 * codes: 0 pass, 1 QoS fail, 2 bad input, 3 infrastructure error.
 */
public final class DriverMain {

  private DriverMain() {}

  public static void main(String[] args) {
    if (System.getProperty("logback.configurationFile") == null) {
      System.setProperty("logback.configurationFile", "anemometer-driver-logback.xml");
    }
    System.exit(DriverCommandLine.execute(Environment.production(), args));
  }
}
