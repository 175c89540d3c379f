package dev.anemometer.driver.behavior;

import static dev.anemometer.driver.behavior.FakeTime.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.RecordingRecorder.Recorded;
import dev.anemometer.driver.operation.OperationOutcome;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.operation.Operations;
import dev.anemometer.driver.operation.UserContext;
import java.net.URI;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/** A fake app, fake time and recorder wired to users of the default behaviour. */
final class UsersFixture {

  static final Set<OperationType> FOLLOWER_OPERATIONS =
      EnumSet.of(OperationType.GET_CURRENT_ITEM, OperationType.GET_NEXT_BID);

  final FakeTime time = new FakeTime();
  final FakeScheduler scheduler = new FakeScheduler(time);
  final FakeApp app = new FakeApp();
  final FakeHttpClient client = new FakeHttpClient(scheduler, app);
  final RecordingRecorder recorder = new RecordingRecorder();
  final long startNanos = time.nanoTime();

  UsersConfig config(int firstAccount, int accounts) {
    return new UsersConfig(
        URI.create("http://127.0.0.1:9"), "default", firstAccount, accounts, 4, 42L);
  }

  SimulatedUsers users(int firstAccount, int accounts) {
    return SimulatedUsers.start(config(firstAccount, accounts), client, recorder, time);
  }

  void runFor(long nanos) {
    scheduler.advanceBy(nanos);
  }

  void runForSeconds(long seconds) {
    runFor(seconds * SECOND);
  }

  /** Operations of the users' main behaviour, in the order they finished. */
  List<Recorded> mainOperations() {
    return recorder.records.stream().filter(r -> !FOLLOWER_OPERATIONS.contains(r.type())).toList();
  }

  /** Runs one operation of {@code user} to its end, within a minute of fake time. */
  OperationOutcome run(Operations operations, OperationType type, UserContext user) {
    AtomicReference<OperationOutcome> outcome = new AtomicReference<>();
    operations.run(type, user).thenAccept(outcome::set);
    runForSeconds(60);
    assertThat(outcome.get()).as("completed").isNotNull();
    return outcome.get();
  }

  List<String> sent(int session) {
    return client.sessions.get(session).sent;
  }
}
