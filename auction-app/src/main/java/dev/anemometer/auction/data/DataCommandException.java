package dev.anemometer.auction.data;

/** A data command cannot do what was asked; the message is the one line the user sees. */
final class DataCommandException extends Exception {

  private final int exitCode;

  DataCommandException(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  /** A state of the database (or of the command line) that makes the command refuse. */
  static DataCommandException refused(String message) {
    return new DataCommandException(message, 1);
  }

  /** A mistake on the command line: exit code 2, as is usual for usage errors. */
  static DataCommandException usage(String message) {
    return new DataCommandException(message, 2);
  }

  int exitCode() {
    return exitCode;
  }
}
