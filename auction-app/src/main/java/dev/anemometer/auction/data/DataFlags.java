package dev.anemometer.auction.data;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The flags of {@code data load|reset|check}, as picocli binds them. {@link DataArguments} checks
 * their ranges and fills the connection from the environment; the usage text is {@link
 * DataCommand#USAGE}, which describes the three commands on one page.
 */
final class DataFlags {

  private DataFlags() {}

  /** {@code data}: one of the commands below. */
  @Command(
      name = "data",
      subcommands = {Load.class, Reset.class, Check.class})
  static final class Root {
    @Option(
        names = {"-h", "--help"},
        usageHelp = true)
    boolean help;
  }

  /** What every command accepts: where the database is, and stack traces on failure. */
  static final class Common {
    @Option(names = "--jdbc-url")
    String jdbcUrl;

    @Option(names = "--user")
    String user;

    @Option(names = "--password")
    String password;

    @Option(names = "--verbose")
    boolean verbose;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true)
    boolean help;
  }

  @Command(name = "load")
  static final class Load {
    @Mixin Common common;

    @Option(names = "--max-users", required = true, paramLabel = "U")
    int maxUsers;

    @Option(names = "--threads", paramLabel = "N")
    Integer threads;

    @Option(names = "--force")
    boolean force;
  }

  @Command(name = "reset")
  static final class Reset {
    @Mixin Common common;
  }

  @Command(name = "check")
  static final class Check {
    @Mixin Common common;

    @Option(names = "--users", required = true, paramLabel = "N")
    int users;
  }
}
