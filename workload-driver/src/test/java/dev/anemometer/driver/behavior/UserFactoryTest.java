package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.operation.AcknowledgedBidSink;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class UserFactoryTest {

  @Test
  void neighbouringUsersDoNotDrawTheSameSequenceShiftedByOne() {
    UsersFixture fixture = new UsersFixture();
    UserFactory factory =
        new UserFactory(
            fixture.config(1, 2),
            Behavior.load("default"),
            fixture.client,
            fixture.recorder,
            AcknowledgedBidSink.NONE,
            fixture.time);
    var first = factory.create(0, user -> {}).context().random();
    var second = factory.create(1, user -> {}).context().random();

    long[] firstDraws = LongStream.range(0, 20).map(i -> first.nextLong()).toArray();
    long[] secondDraws = LongStream.range(0, 20).map(i -> second.nextLong()).toArray();

    for (int shift = -5; shift <= 5; shift++) {
      int matches = 0;
      for (int i = Math.max(0, -shift); i < 20 && i + shift < 20; i++) {
        matches += firstDraws[i] == secondDraws[i + shift] ? 1 : 0;
      }
      assertThat(matches).as("shift %d", shift).isZero();
    }
  }

  @Test
  void theSameSeedGivesTheSameUsers() {
    UsersFixture fixture = new UsersFixture();
    UserFactory factory =
        new UserFactory(
            fixture.config(1, 2),
            Behavior.load("default"),
            fixture.client,
            fixture.recorder,
            AcknowledgedBidSink.NONE,
            fixture.time);

    assertThat(factory.create(1, user -> {}).context().random().nextLong())
        .isEqualTo(factory.create(1, user -> {}).context().random().nextLong());
  }
}
