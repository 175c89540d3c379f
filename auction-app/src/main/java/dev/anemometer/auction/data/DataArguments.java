package dev.anemometer.auction.data;

import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The parsed command line of {@code data <command> [flags]}. Connection flags fall back to the
 * {@code SPRING_DATASOURCE_*} environment variables the application itself reads.
 */
record DataArguments(
    String command,
    ConnectionSettings connection,
    int maxUsers,
    int users,
    int threads,
    boolean force,
    boolean verbose) {

  static final String HELP = "help";

  static DataArguments parse(List<String> args, Map<String, String> env)
      throws DataCommandException {
    if (args.isEmpty() || args.get(0).equals(HELP)) {
      return help();
    }
    ParseResult parsed;
    try {
      parsed = new CommandLine(new DataFlags.Root()).parseArgs(args.toArray(String[]::new));
    } catch (ParameterException e) {
      throw DataCommandException.usage(mistake(e));
    }
    if (parsed.isUsageHelpRequested()
        || !parsed.hasSubcommand()
        || parsed.subcommand().isUsageHelpRequested()) {
      return help();
    }
    ParseResult sub = parsed.subcommand();
    String command = sub.commandSpec().name();
    Object flags = sub.commandSpec().userObject();
    int cores = Runtime.getRuntime().availableProcessors();
    if (flags instanceof DataFlags.Load load) {
      return new DataArguments(
          command,
          connection(load.common, env),
          positive("--max-users", load.maxUsers),
          0,
          positive("--threads", load.threads == null ? cores : load.threads),
          load.force,
          load.common.verbose);
    }
    if (flags instanceof DataFlags.Reset reset) {
      return new DataArguments(
          command, connection(reset.common, env), 0, 0, cores, false, reset.common.verbose);
    }
    DataFlags.Check check = (DataFlags.Check) flags;
    return new DataArguments(
        command,
        connection(check.common, env),
        0,
        positive("--users", check.users),
        cores,
        false,
        check.common.verbose);
  }

  private static DataArguments help() {
    return new DataArguments(HELP, null, 0, 0, 0, false, false);
  }

  /** picocli's complaint, in the words of a data command. */
  private static String mistake(ParameterException e) {
    if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
      String first = unmatched.getUnmatched().get(0);
      String command = e.getCommandLine().getCommandName();
      if (command.equals("data")) {
        return "unknown data command '" + first + "' (expected load, reset or check; see --help)";
      }
      return "unknown flag " + first + " for data " + command + " (see data --help)";
    }
    String message = e.getMessage();
    return message.lines().findFirst().orElse(message);
  }

  private static ConnectionSettings connection(DataFlags.Common flags, Map<String, String> env)
      throws DataCommandException {
    String url = orEnv(flags.jdbcUrl, env, "SPRING_DATASOURCE_URL");
    if (url == null || url.isBlank()) {
      throw DataCommandException.usage("missing --jdbc-url (or environment SPRING_DATASOURCE_URL)");
    }
    if (!url.startsWith("jdbc:postgresql:")) {
      throw DataCommandException.usage("--jdbc-url must be a jdbc:postgresql: URL, got " + url);
    }
    return new ConnectionSettings(
        url,
        orEnv(flags.user, env, "SPRING_DATASOURCE_USERNAME"),
        orEnv(flags.password, env, "SPRING_DATASOURCE_PASSWORD"));
  }

  private static String orEnv(String flag, Map<String, String> env, String variable) {
    return flag != null ? flag : env.get(variable);
  }

  private static int positive(String flag, int value) throws DataCommandException {
    if (value <= 0) {
      throw DataCommandException.usage(flag + " must be a positive integer, got " + value);
    }
    return value;
  }
}
