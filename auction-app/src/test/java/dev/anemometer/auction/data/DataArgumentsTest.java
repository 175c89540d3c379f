package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DataArgumentsTest {

  private static final String URL = "jdbc:postgresql://127.0.0.1:5432/auction";
  private static final Map<String, String> ENV = Map.of("SPRING_DATASOURCE_URL", URL);

  @Test
  void unknownFlagExitsTwoWithOneLineNamingIt() {
    DataCli.Outcome outcome = DataCli.run(ENV, "load", "--max-users", "5", "--bogus", "1");
    assertThat(outcome.exitCode()).isEqualTo(2);
    assertThat(outcome.err().lines()).singleElement().asString().contains("--bogus");
    assertThat(outcome.out()).isEmpty();
  }

  @Test
  void negativeOrNonNumericMaxUsersExitsTwo() {
    for (String value : List.of("-5", "0", "many", "99999999999")) {
      DataCli.Outcome outcome = DataCli.run(ENV, "load", "--max-users", value);
      assertThat(outcome.exitCode()).as(value).isEqualTo(2);
      assertThat(outcome.err().lines())
          .singleElement()
          .asString()
          .contains("--max-users")
          .contains(value);
    }
  }

  @Test
  void flagWithoutValueExitsTwo() {
    for (List<String> args :
        List.of(
            List.of("load", "--max-users"),
            List.of("load", "--max-users", "--force"),
            List.of("check", "--users="))) {
      DataCli.Outcome outcome = DataCli.run(ENV, args.toArray(String[]::new));
      assertThat(outcome.exitCode()).as(args.toString()).isEqualTo(2);
      String flag = args.get(1).replace("=", "");
      assertThat(outcome.err().lines()).singleElement().asString().contains(flag);
    }
  }

  @Test
  void missingRequiredFlagsAndUnknownCommandsExitTwo() {
    assertThat(DataCli.run(ENV, "load").err())
        .contains("Missing required option")
        .contains("--max-users");
    assertThat(DataCli.run(ENV, "check").exitCode()).isEqualTo(2);
    assertThat(DataCli.run(Map.of(), "reset").err()).contains("--jdbc-url");
    assertThat(DataCli.run(ENV, "reload").err()).contains("unknown data command 'reload'");
    assertThat(DataCli.run(ENV, "reset", "--max-users", "5").err())
        .contains("unknown flag --max-users for data reset");
    assertThat(DataCli.run(Map.of(), "reset", "--jdbc-url", "mysql://x").exitCode()).isEqualTo(2);
  }

  @Test
  void helpPrintsUsageAndExitsZero() {
    for (String[] args :
        List.of(new String[] {}, new String[] {"--help"}, new String[] {"load", "--help"})) {
      DataCli.Outcome outcome = DataCli.run(Map.of(), args);
      assertThat(outcome.exitCode()).isZero();
      assertThat(outcome.out()).contains("Usage: data").contains("--max-users");
    }
  }

  @Test
  void flagsOverrideTheEnvironmentAndDefaultsApply() throws DataCommandException {
    DataArguments fromEnv =
        DataArguments.parse(
            List.of("load", "--max-users=3000", "--force"),
            Map.of(
                "SPRING_DATASOURCE_URL", URL,
                "SPRING_DATASOURCE_USERNAME", "auction",
                "SPRING_DATASOURCE_PASSWORD", "secret"));
    assertThat(fromEnv.connection()).isEqualTo(new ConnectionSettings(URL, "auction", "secret"));
    assertThat(fromEnv.maxUsers()).isEqualTo(3000);
    assertThat(fromEnv.force()).isTrue();
    assertThat(fromEnv.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());

    DataArguments fromFlags =
        DataArguments.parse(List.of("reset", "--jdbc-url", URL + "2", "--user", "me"), ENV);
    assertThat(fromFlags.connection()).isEqualTo(new ConnectionSettings(URL + "2", "me", null));
    assertThatThrownBy(() -> DataArguments.parse(List.of("reset", "--open-seconds", "5"), ENV))
        .isInstanceOf(DataCommandException.class)
        .hasMessage("unknown flag --open-seconds for data reset (see data --help)");
    assertThatThrownBy(() -> DataArguments.parse(List.of("check", "--users", "-1"), ENV))
        .isInstanceOf(DataCommandException.class)
        .hasMessageContaining("--users");
  }
}
