package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tier processes and the sessions they lead run below the driver; the harness's own do not. */
class TierPrecedenceTest {

  private static final String NO_AUTOGROUP =
      "this kernel shares no cores by session (no /proc/self/autogroup): only nice values apply";

  @TempDir Path dir;
  private final ProcessGroup group = new ProcessGroup();
  private final TierPrecedence precedence = TierPrecedence.of(true);
  private final CorePlacement placement = CorePlacement.shared().withPrecedence(precedence);
  private final long self = ProcessHandle.current().pid();

  @AfterEach
  void stopEverything() {
    group.close();
  }

  private ManagedProcess tier(String name, List<String> command) throws Exception {
    ManagedProcess process = placement.start(name, command, Map.of(), dir.resolve(name + ".log"));
    group.add(process, Duration.ofSeconds(2));
    return process;
  }

  private static int niceOf(long pid) throws Exception {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    String[] afterName = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Integer.parseInt(afterName[16]);
  }

  private static int lowered(int nice) {
    return Math.min(19, nice + TierPrecedence.NICENESS);
  }

  @Test
  void aTierCommandStartsThroughNiceAndIsLeftAloneWithoutPrecedence() {
    assumeTrue(precedence.applies(), "no nice on the PATH");
    assertThat(precedence.command(List.of("nginx", "-g", "daemon off;")))
        .endsWith("-n", "10", "nginx", "-g", "daemon off;")
        .first()
        .asString()
        .endsWith("nice");
    assertThat(TierPrecedence.of(false).command(List.of("nginx"))).containsExactly("nginx");
    assertThat(TierPrecedence.of(false).describe()).contains("driver.precedence: false");
  }

  @Test
  void aTierRunsTenNiceLevelsBelowTheHarness() throws Exception {
    assumeTrue(precedence.applies(), "no nice on the PATH");
    assumeTrue(niceOf(self) < 19, "the tests run at the lowest priority already: nothing below");
    ManagedProcess tier = tier("run-1-nginx-0", List.of("sleep", "60"));

    await().atMost(Duration.ofSeconds(2)).until(() -> niceOf(tier.pid()) != niceOf(self));
    assertThat(niceOf(tier.pid())).isEqualTo(lowered(niceOf(self)));
  }

  @Test
  void theSessionATierLeadsWeighsLessAndTheHarnesssOwnSessionIsUnchanged() throws Exception {
    OptionalInt before = precedence.autogroupNice(self);
    assumeTrue(precedence.applies() && before.isPresent(), NO_AUTOGROUP);

    ManagedProcess tier = tier("run-1-haproxy-0", List.of("sleep", "60"));

    assertThat(precedence.leadsItsSession(tier.pid())).isTrue();
    assertThat(precedence.autogroupNice(tier.pid())).hasValue(lowered(before.getAsInt()));
    assertThat(precedence.autogroupNice(self)).isEqualTo(before);
  }

  @Test
  void sessionsTheTiersChildrenLeadAreLoweredWhenTheLoadStarts() throws Exception {
    OptionalInt own = precedence.autogroupNice(self);
    assumeTrue(precedence.applies() && own.isPresent(), NO_AUTOGROUP);
    // Like a PostgreSQL backend: a child that calls setsid itself, after the tier started.
    ManagedProcess postmaster =
        tier("run-1-postgres-0", List.of("bash", "-c", "setsid sleep 60 & wait"));
    await()
        .atMost(Duration.ofSeconds(2))
        .until(
            () -> backend(postmaster) != null && precedence.leadsItsSession(backend(postmaster)));
    long backend = backend(postmaster);
    assertThat(precedence.autogroupNice(backend))
        .isNotEqualTo(precedence.autogroupNice(postmaster.pid()));

    int lowered = placement.lowerTierChildren(List.of(postmaster.pid()));

    assertThat(lowered).isEqualTo(1);
    assertThat(precedence.autogroupNice(backend)).hasValue(lowered(own.getAsInt()));
    assertThat(placement.lowerTierChildren(List.of(postmaster.pid())))
        .as("a session lowered once is not written again")
        .isZero();
    assertThat(precedence.autogroupNice(self)).isEqualTo(own);
  }

  @Test
  void withoutPrecedenceNothingIsLowered() throws Exception {
    CorePlacement level = CorePlacement.shared().withPrecedence(TierPrecedence.of(false));
    ManagedProcess process =
        level.start("run-1-app-0", List.of("sleep", "60"), Map.of(), dir.resolve("app.log"));
    group.add(process, Duration.ofSeconds(2));

    await().atMost(Duration.ofSeconds(2)).until(() -> precedence.leadsItsSession(process.pid()));
    assertThat(niceOf(process.pid())).isEqualTo(niceOf(self));
    assertThat(level.lowerTierChildren(List.of(process.pid()))).isZero();
  }

  private static Long backend(ManagedProcess tier) {
    return ProcessHandle.of(tier.pid())
        .flatMap(handle -> handle.children().findFirst())
        .map(ProcessHandle::pid)
        .orElse(null);
  }
}
