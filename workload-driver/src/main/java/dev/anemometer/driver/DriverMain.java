package dev.anemometer.driver;

/** Entry point of the workload driver command. */
public final class DriverMain {

  private DriverMain() {}

  public static void main(String[] args) {
    System.out.println("anemometer workload driver");
  }
}
