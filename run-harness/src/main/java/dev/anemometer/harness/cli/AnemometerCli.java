package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.ConfigException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/** Entry point of the run harness command line (SPEC §4.1). */
@Command(
    name = "anemometer",
    mixinStandardHelpOptions = true,
    version = "Anemometer 0.1.0",
    description = {
      "Application-level benchmark: deploys the auction app's tiers, drives simulated users,"
          + " judges QoS, audits the bids and reports.",
      "",
      "Run with no command (or 'run' with no arguments) for the quickstart preset on this host."
    },
    subcommands = {
      RunCommand.class,
      CalibrateCommand.class,
      ValidateCommand.class,
      DeployCommand.class,
      TeardownCommand.class,
      DataCommand.LoadData.class,
      DataCommand.ResetData.class,
      ReportCommand.class,
      CompareCommand.class,
      ExperimentCommand.class,
      PresetsCommand.class,
      SchemaCommand.class,
      dev.anemometer.harness.deploygen.GenerateCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      ExitCodes.PASSED + ":passed (or the command succeeded)",
      ExitCodes.QOS_FAILED + ":QoS not met, or the bid audit failed",
      ExitCodes.BAD_INPUT + ":bad input or configuration",
      ExitCodes.INFRASTRUCTURE + ":infrastructure error (a tier did not start, a tool is missing…)"
    },
    footer = {"", "Docs: docs/getting-started.md, docs/configuration.md"})
public final class AnemometerCli implements Runnable {

  @Option(
      names = "--verbose",
      scope = CommandLine.ScopeType.INHERIT,
      description = "Show debug lines and stack traces.")
  boolean verbose;

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns its exit code (tests call this instead of main). */
  public static int execute(String... args) {
    CommandLine commandLine = new CommandLine(new AnemometerCli());
    commandLine.setExecutionExceptionHandler(AnemometerCli::handle);
    return commandLine.execute(args.length == 0 ? new String[] {"run"} : args);
  }

  @Override
  public void run() {
    new CommandLine(this).usage(System.out);
  }

  /** User mistakes: one clear line and exit 2; anything else: one line and exit 3. */
  private static int handle(Exception e, CommandLine commandLine, ParseResult parseResult) {
    PrintWriter err = commandLine.getErr();
    boolean verbose = verbose(parseResult);
    if (e instanceof ConfigException config) {
      config.errors().forEach(error -> err.println("anemometer: " + error));
      if (verbose) {
        e.printStackTrace(err);
      }
      return ExitCodes.BAD_INPUT;
    }
    err.println("anemometer: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
    if (verbose) {
      e.printStackTrace(err);
    } else {
      err.println("anemometer: (--verbose shows the stack trace)");
    }
    return ExitCodes.INFRASTRUCTURE;
  }

  private static boolean verbose(ParseResult result) {
    for (ParseResult r = result; r != null; r = r.subcommand()) {
      if (r.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
