package dev.anemometer.driver.cli;

import dev.anemometer.driver.spec.ExitCodes;
import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The driver's picocli command tree and its mapping of failures to exit codes. */
@Command(
    name = "workload-driver",
    mixinStandardHelpOptions = true,
    version = "Anemometer workload driver 0.1.0",
    description = "Anemometer's workload driver.",
    synopsisSubcommandLabel = "COMMAND")
public final class DriverCommandLine implements Runnable {

  @Option(
      names = "--verbose",
      scope = CommandLine.ScopeType.INHERIT,
      description = "Show stack traces of errors.")
  boolean verbose;

  private final Environment environment;

  private DriverCommandLine(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void run() {
    new CommandLine(this).usage(environment.out());
  }

  public static int execute(Environment environment, String... args) {
    DriverCommandLine root = new DriverCommandLine(environment);
    CommandLine commandLine =
        new CommandLine(root)
            .addSubcommand(new RunCommand(environment))
            .addSubcommand(new WorkerCommand(environment))
            .addSubcommand(new ControllerCommand(environment));
    commandLine.setOut(new PrintWriter(environment.out(), true));
    commandLine.setErr(new PrintWriter(environment.err(), true));
    commandLine.setParameterExceptionHandler(
        (exception, arguments) -> {
          environment.err().println(exception.getMessage());
          environment.err().println("Try --help.");
          return ExitCodes.BAD_INPUT;
        });
    commandLine.setExecutionExceptionHandler(
        (exception, cmd, parseResult) -> {
          boolean badInput = exception instanceof IllegalArgumentException;
          environment.err().println((badInput ? "" : "error: ") + exception.getMessage());
          if (Arrays.asList(args).contains("--verbose")) {
            exception.printStackTrace(environment.err());
          }
          return badInput ? ExitCodes.BAD_INPUT : ExitCodes.INFRASTRUCTURE;
        });
    return commandLine.execute(args);
  }
}
