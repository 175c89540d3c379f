package dev.anemometer.driver.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** How a controller splits a target's users: the run stays the one a single node would make. */
class RemoteLoadGeneratorTest {

  private static final UsersConfig TARGET =
      new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 100, 1_000, 4, 42);

  @ParameterizedTest(name = "{0} workers")
  @ValueSource(ints = {1, 2, 3})
  void atEveryUserCountTheWorkersRunTheUsersAndAccountsOfOneNode(int workers) {
    RemoteLoadGenerator generator = generator(workers);

    for (int users = 0; users <= 13; users++) {
      int[] shares = RemoteLoadGenerator.split(users, workers);
      List<Integer> numbers = new ArrayList<>();
      List<Integer> accounts = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        UsersConfig slice = generator.slice(TARGET, w);
        assertThat(slice.seed()).isEqualTo(TARGET.seed());
        for (int index = 0; index < shares[w]; index++) {
          numbers.add(slice.userNumber(index));
          accounts.add(slice.account(index));
        }
      }

      assertThat(numbers)
          .as("%d users", users)
          .containsExactlyInAnyOrderElementsOf(range(0, users));
      assertThat(accounts).containsExactlyInAnyOrderElementsOf(range(100, 100 + users));
    }
  }

  @ParameterizedTest(name = "{0} workers")
  @ValueSource(ints = {2, 3})
  void theSlicesShareEveryAccountOfTheTargetOnce(int workers) {
    RemoteLoadGenerator generator = generator(workers);
    List<Integer> accounts = new ArrayList<>();

    for (int w = 0; w < workers; w++) {
      UsersConfig slice = generator.slice(TARGET, w);
      for (int index = 0; index < slice.sliceUsers(); index++) {
        accounts.add(slice.account(index));
      }
    }

    assertThat(accounts).containsExactlyInAnyOrderElementsOf(range(100, 1_100));
  }

  @ParameterizedTest(name = "{0} workers under a slice of 2")
  @ValueSource(ints = {2, 3})
  void aSliceSplitAgainKeepsItsOwnUsers(int workers) {
    UsersConfig secondOfTwo = new UsersConfig(TARGET.target(), "default", 100, 1_000, 4, 42, 2, 1);
    RemoteLoadGenerator generator = generator(workers);
    List<Integer> accounts = new ArrayList<>();

    for (int w = 0; w < workers; w++) {
      UsersConfig slice = generator.slice(secondOfTwo, w);
      for (int index = 0; index < slice.sliceUsers(); index++) {
        accounts.add(slice.account(index));
      }
    }

    List<Integer> own = new ArrayList<>();
    for (int index = 0; index < secondOfTwo.sliceUsers(); index++) {
      own.add(secondOfTwo.account(index));
    }
    assertThat(accounts).containsExactlyInAnyOrderElementsOf(own);
  }

  private static RemoteLoadGenerator generator(int workers) {
    HttpClient http = HttpClient.newHttpClient();
    List<WorkerClient> clients = new ArrayList<>();
    for (int w = 0; w < workers; w++) {
      clients.add(new WorkerClient(URI.create("http://127.0.0.1:" + (9000 + w)), null, http));
    }
    return new RemoteLoadGenerator(clients, () -> 0L);
  }

  private static List<Integer> range(int from, int to) {
    return IntStream.range(from, to).boxed().toList();
  }
}
