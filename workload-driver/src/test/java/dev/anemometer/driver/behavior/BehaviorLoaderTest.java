package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.operation.OperationType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BehaviorLoaderTest {

  private static final String VALID =
      """
      name: tiny
      start: HomePage
      cycleTime: { meanSeconds: 1, sdSeconds: 0, minSeconds: 1, maxSeconds: 1 }
      followers: { maxAuctions: 1 }
      bidding: { raiseMean: 0.02, raiseSd: 0.02, raiseMin: 0.005, raiseMax: 0.06, maxPrice: 50 }
      states:
        HomePage: { next: [ { to: Login } ] }
        Login: { next: [ { to: GetActiveAuctions } ] }
        GetActiveAuctions:
          next:
            - { when: noLiveAuctions, to: Logout }
            - { to: GetActiveAuctions, weight: 3 }
            - { to: Logout, weight: 1 }
        Logout: { next: [ { to: HomePage } ] }
      """;

  @Test
  void defaultBehaviourLoadsByNameWithTheParametersOfTheSpec() {
    Behavior behavior = Behavior.load("default");

    assertThat(behavior.name()).isEqualTo("default");
    assertThat(behavior.start()).isEqualTo(OperationType.HOME_PAGE);
    assertThat(behavior.pageSize()).isEqualTo(5);
    assertThat(behavior.cycleTime())
        .isEqualTo(new CycleTime(5_000_000_000L, 1_250_000_000L, 2_500_000_000L, 7_500_000_000L));
    assertThat(behavior.maxFollowedAuctions()).isEqualTo(2);
    assertThat(behavior.bidStrategy().raiseMin()).isEqualTo(0.005);
    assertThat(behavior.bidStrategy().raiseMax()).isEqualTo(0.06);
    assertThat(behavior.bidStrategy().maxPrice()).isEqualByComparingTo(new BigDecimal("1000"));
  }

  @Test
  void behaviourFileLoadsByPath(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, VALID, StandardCharsets.UTF_8);

    Behavior behavior = Behavior.load(file.toString());

    assertThat(behavior.name()).isEqualTo("tiny");
    assertThat(behavior.maxFollowedAuctions()).isEqualTo(1);
  }

  @Test
  void negativeWeightIsReportedWithItsPath() {
    String yaml = VALID.replace("weight: 3", "weight: -3");

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOf(BehaviorException.class)
        .hasMessageContaining("states.GetActiveAuctions.next[1].weight: must be ≥ 0");
  }

  @Test
  void unknownOperationsAndConditionsAreReportedWithTheirPaths() {
    String yaml =
        VALID
            .replace("{ to: Logout, weight: 1 }", "{ to: Dance, weight: 1 }")
            .replace("noLiveAuctions", "sunny");

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOfSatisfying(
            BehaviorException.class,
            e ->
                assertThat(e.problems())
                    .contains("states.GetActiveAuctions.next[2].to: unknown operation 'Dance'")
                    .anySatisfy(
                        p ->
                            assertThat(p)
                                .startsWith(
                                    "states.GetActiveAuctions.next[0].when: unknown condition 'sunny'")));
  }

  @Test
  void misspelledFieldIsReportedWithItsPath() {
    String yaml = VALID.replace("weight: 3", "wieght: 3");

    assertThatThrownBy(() -> parse(yaml))
        .hasMessageContaining("states.GetActiveAuctions.next[1].wieght: unknown field");
  }

  @Test
  void stateWithoutFallbackAndTargetWithoutStateAreRejected() {
    String yaml =
        VALID
            .replace("  Logout: { next: [ { to: HomePage } ] }\n", "")
            .replace(
                "Login: { next: [ { to: GetActiveAuctions } ] }",
                "Login: { next: [ { when: canBid, to: PlaceBid } ] }");

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOfSatisfying(
            BehaviorException.class,
            e ->
                assertThat(e.problems())
                    .contains(
                        "states.GetActiveAuctions.next[0].to: 'Logout' has no entry under states",
                        "states.Login.next[0].to: 'PlaceBid' has no entry under states")
                    .anySatisfy(
                        p -> assertThat(p).startsWith("states.Login.next: needs an entry")));
  }

  @Test
  void cycleTimeOutsideItsBoundsIsRejected() {
    String yaml = VALID.replace("minSeconds: 1, maxSeconds: 1", "minSeconds: 2, maxSeconds: 0.5");

    assertThatThrownBy(() -> parse(yaml))
        .hasMessageContaining("cycleTime.minSeconds: must be between 0 and meanSeconds")
        .hasMessageContaining("cycleTime.maxSeconds: must be ≥ meanSeconds");
  }

  @Test
  void missingBehaviourNamesWhatWasAskedFor() {
    assertThatThrownBy(() -> Behavior.load("no-such-behaviour"))
        .hasMessage(
            "invalid behaviour no-such-behaviour: no bundled behaviour of that name and no such file");
  }

  private static Behavior parse(String yaml) {
    return BehaviorLoader.parse("test.yaml", yaml.getBytes(StandardCharsets.UTF_8));
  }
}
