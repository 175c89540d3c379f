package dev.anemometer.harness.cli;

/** Entry point of the run harness command line. */
public final class AnemometerCli {

  private AnemometerCli() {}

  public static void main(String[] args) {
    System.out.println("anemometer");
  }
}
