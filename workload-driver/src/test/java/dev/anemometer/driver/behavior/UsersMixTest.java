package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.driver.behavior.RecordingRecorder.Recorded;
import dev.anemometer.driver.operation.OperationType;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Users of the default behaviour against the canned app: every operation works, mix as expected.
 */
class UsersMixTest {

  @Test
  void twentyUsersForAnHourRunEveryOperationWithoutFailureInTheExpectedMix() {
    UsersFixture fixture = new UsersFixture();
    SimulatedUsers users = fixture.users(1, 20);
    users.setActiveUsers(20);
    fixture.runForSeconds(3600);

    assertThat(fixture.recorder.records)
        .allSatisfy(r -> assertThat(r.failure()).as(r.type().displayName()).isNull());
    List<Recorded> main = fixture.mainOperations();
    Map<OperationType, Long> counts = new EnumMap<>(OperationType.class);
    main.forEach(r -> counts.merge(r.type(), 1L, Long::sum));
    DefaultBehaviorMixTest.renormalised(DefaultBehaviorMixTest.EXPECTED_SHARES)
        .forEach(
            (type, share) ->
                // The QoS tolerance of SPEC §3.2 (20 %), on about 14,000 operations.
                assertThat(counts.getOrDefault(type, 0L) / (double) main.size())
                    .as(type.displayName())
                    .isCloseTo(share, within(share * 0.2)));
    assertThat(fixture.recorder.of(OperationType.GET_NEXT_BID)).isNotEmpty();
    assertThat(fixture.recorder.of(OperationType.GET_CURRENT_ITEM)).isNotEmpty();
  }
}
