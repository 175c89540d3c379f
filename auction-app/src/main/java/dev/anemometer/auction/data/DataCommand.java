package dev.anemometer.auction.data;

import java.io.Console;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar auction-app-exec.jar data load|reset|check ...}: the data tooling, run on plain
 * JDBC and Flyway without starting Spring, so it starts in a fraction of a second. Exit codes: 0
 * done (or check passed), 1 refused or failed, 2 command-line mistake.
 */
public final class DataCommand {

  static final String USAGE =
      """
      Usage: data <command> [flags]

      Commands:
        load  --max-users U [--threads N] [--force]
              load a dataset for U users: 5U accounts, ceil(U/15) live auctions, 2.5U past
              auctions with bids, future auctions, attendance and generated images.
              Refuses a database that holds data unless --force, which recreates the schema
              only where it holds this project's Flyway history (else it refuses too).
        reset
              undo what runs added since the load, restore credit, restart the live auctions
        check --users N
              exit 0 if the loaded dataset supports N users and the schema is current, else 1

      Connection (defaults from SPRING_DATASOURCE_URL / _USERNAME / _PASSWORD):
        --jdbc-url URL  --user USER  --password PASSWORD

      Other flags:
        --threads N       parallel COPY streams (default: available cores)
        --verbose         print stack traces of failures
      """;

  private DataCommand() {}

  /** Entry point for the arguments after {@code data}; exits the JVM with the command's code. */
  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    quietLogging();
    int exitCode = run(Arrays.asList(args), System.getenv(), System.out, System.err, onTerminal());
    System.exit(exitCode);
  }

  /**
   * Runs a data command in this JVM without exiting it (tests of other modules load data this way).
   *
   * @return the exit code {@link #main} would exit with
   */
  public static int run(
      List<String> args, Map<String, String> env, PrintStream out, PrintStream err, boolean tty) {
    DataArguments arguments;
    try {
      arguments = DataArguments.parse(args, env);
    } catch (DataCommandException e) {
      err.println("data: " + e.getMessage());
      return e.exitCode();
    }
    try {
      return execute(arguments, out, tty);
    } catch (DataCommandException e) {
      err.println("data " + arguments.command() + ": " + e.getMessage());
      return e.exitCode();
    } catch (Exception e) {
      err.println("data " + arguments.command() + " failed: " + oneLine(e));
      if (arguments.verbose()) {
        e.printStackTrace(err);
      }
      return 1;
    }
  }

  private static int execute(DataArguments arguments, PrintStream out, boolean tty)
      throws Exception {
    switch (arguments.command()) {
      case "load" -> {
        new DataLoader(arguments.connection(), out, tty)
            .load(
                new DataLoader.Options(
                    arguments.maxUsers(), arguments.threads(), arguments.force()));
        return 0;
      }
      case "reset" -> {
        new DataResetter(arguments.connection(), out).reset();
        return 0;
      }
      case "check" -> {
        DatasetCheck.Result result =
            new DatasetCheck(arguments.connection()).check(arguments.users());
        out.println(result.message());
        return result.supported() ? 0 : 1;
      }
      default -> {
        out.print(USAGE);
        return 0;
      }
    }
  }

  private static String oneLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return message.lines().findFirst().orElse(message);
  }

  /**
   * Since JDK 22 {@code System.console()} is not null when output is redirected; {@code
   * Console.isTerminal()} (absent from the JDK 17 API this compiles against) then tells.
   */
  private static boolean onTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  /** Flyway logs every step at INFO or DEBUG; the commands print their own summary instead. */
  private static void quietLogging() {
    if (LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext context) {
      context
          .getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)
          .setLevel(ch.qos.logback.classic.Level.WARN);
    }
  }
}
