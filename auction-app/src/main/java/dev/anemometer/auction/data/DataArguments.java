package dev.anemometer.auction.data;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
    Duration openDuration,
    boolean verbose) {

  static final String HELP = "help";
  private static final int DEFAULT_OPEN_SECONDS = 30;
  private static final Set<String> COMMON =
      Set.of("--jdbc-url", "--user", "--password", "--verbose");
  private static final Map<String, Set<String>> FLAGS =
      Map.of(
          "load", Set.of("--max-users", "--threads", "--force", "--open-seconds"),
          "reset", Set.of("--open-seconds"),
          "check", Set.of("--users"));
  private static final Set<String> SWITCHES = Set.of("--force", "--verbose");

  static DataArguments parse(List<String> args, Map<String, String> env)
      throws DataCommandException {
    if (args.isEmpty() || isHelp(args.get(0)) || args.contains("--help")) {
      return new DataArguments(HELP, null, 0, 0, 0, false, Duration.ZERO, false);
    }
    String command = args.get(0);
    if (!FLAGS.containsKey(command)) {
      throw DataCommandException.usage(
          "unknown data command '" + command + "' (expected load, reset or check; see --help)");
    }
    Map<String, String> values = flags(command, args.subList(1, args.size()));
    ConnectionSettings connection =
        new ConnectionSettings(
            required(values, env, "--jdbc-url", "SPRING_DATASOURCE_URL"),
            values.getOrDefault("--user", env.get("SPRING_DATASOURCE_USERNAME")),
            values.getOrDefault("--password", env.get("SPRING_DATASOURCE_PASSWORD")));
    if (!connection.jdbcUrl().startsWith("jdbc:postgresql:")) {
      throw DataCommandException.usage(
          "--jdbc-url must be a jdbc:postgresql: URL, got " + connection.jdbcUrl());
    }
    int availableCores = Runtime.getRuntime().availableProcessors();
    return new DataArguments(
        command,
        connection,
        command.equals("load") ? positive(values, "--max-users", null) : 0,
        command.equals("check") ? positive(values, "--users", null) : 0,
        positive(values, "--threads", availableCores),
        values.containsKey("--force"),
        Duration.ofSeconds(positive(values, "--open-seconds", DEFAULT_OPEN_SECONDS)),
        values.containsKey("--verbose"));
  }

  private static Map<String, String> flags(String command, List<String> args)
      throws DataCommandException {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      if (!COMMON.contains(name) && !FLAGS.get(command).contains(name)) {
        throw DataCommandException.usage(
            "unknown flag " + name + " for data " + command + " (see data --help)");
      }
      String value;
      if (SWITCHES.contains(name)) {
        value = "true";
      } else if (arg.contains("=")) {
        value = arg.substring(arg.indexOf('=') + 1);
      } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
        value = args.get(++i);
      } else {
        throw DataCommandException.usage(name + " needs a value");
      }
      if (value.isEmpty()) {
        throw DataCommandException.usage(name + " needs a value");
      }
      values.put(name, value);
    }
    return values;
  }

  private static String required(
      Map<String, String> values, Map<String, String> env, String flag, String variable)
      throws DataCommandException {
    String value = values.getOrDefault(flag, env.get(variable));
    if (value == null || value.isBlank()) {
      throw DataCommandException.usage("missing " + flag + " (or environment " + variable + ")");
    }
    return value;
  }

  private static int positive(Map<String, String> values, String flag, Integer defaultValue)
      throws DataCommandException {
    String value = values.get(flag);
    if (value == null) {
      if (defaultValue == null) {
        throw DataCommandException.usage("missing " + flag);
      }
      return defaultValue;
    }
    try {
      int number = Integer.parseInt(value);
      if (number > 0) {
        return number;
      }
    } catch (NumberFormatException e) {
      // reported below, with the flag's name
    }
    throw DataCommandException.usage(flag + " must be a positive integer, got " + value);
  }

  private static boolean isHelp(String arg) {
    return arg.equals("--help") || arg.equals("-h") || arg.equals(HELP);
  }
}
