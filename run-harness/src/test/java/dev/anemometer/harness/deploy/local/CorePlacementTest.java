package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.config.CpuList;
import dev.anemometer.harness.config.DriverSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorePlacementTest {

  private static final Path TASKSET = Path.of("/usr/bin/taskset");

  @TempDir Path dir;

  @Test
  void coresThisMachineLacksAreAConfigErrorBeforeAnythingStarts() {
    AnemometerConfig config =
        new ConfigLoader()
            .load(null, null, List.of("driver.cpus=4095", "appInstances[0].tiers.app.cpus=4094"));

    ConfigException error =
        catchThrowableOfType(ConfigException.class, () -> CorePlacement.of(config));

    assertThat(error).isNotNull();
    assertThat(error.errors())
        .satisfiesExactly(
            line -> assertThat(line).startsWith("driver.cpus: cpu 4095 is not available"),
            line ->
                assertThat(line)
                    .startsWith("appInstances[0].tiers.app.cpus: cpu 4094 is not available"));
  }

  @Test
  void aMachineOfFourCoresOrMoreGivesTheDriverTheLastQuarterByDefault() {
    Optional<Path> taskset = Optional.of(TASKSET);

    assertThat(
            CorePlacement.withDefaultCores(DriverSpec.SHARED, false, CpuList.parse("0-7"), taskset)
                .cpus())
        .isEqualTo(CpuList.parse("6-7"));
    assertThat(
            CorePlacement.withDefaultCores(DriverSpec.SHARED, false, CpuList.parse("0-3"), taskset)
                .cpus())
        .isEqualTo(CpuList.parse("3"));
  }

  @Test
  void smallerMachinesAPinnedTierOrChosenCoresKeepWhatTheConfigSays() {
    Optional<Path> taskset = Optional.of(TASKSET);
    DriverSpec chosen = new DriverSpec(CpuList.parse("0"));

    assertThat(
            CorePlacement.withDefaultCores(DriverSpec.SHARED, false, CpuList.parse("0-1"), taskset))
        .isEqualTo(DriverSpec.SHARED);
    assertThat(
            CorePlacement.withDefaultCores(DriverSpec.SHARED, true, CpuList.parse("0-7"), taskset))
        .isEqualTo(DriverSpec.SHARED);
    assertThat(
            CorePlacement.withDefaultCores(
                DriverSpec.SHARED, false, CpuList.parse("0-7"), Optional.empty()))
        .isEqualTo(DriverSpec.SHARED);
    assertThat(CorePlacement.withDefaultCores(chosen, false, CpuList.parse("0-7"), taskset))
        .isEqualTo(chosen);
  }

  @Test
  void withoutDriverCpusTierCommandsStartAsWritten() {
    CorePlacement shared =
        CorePlacement.of(DriverSpec.SHARED, CpuList.parse("0-1"), Optional.empty());

    assertThat(shared.pinsCores()).isFalse();
    assertThat(shared.tierCommand(List.of("nginx", "-p", "/x")))
        .containsExactly("nginx", "-p", "/x");
  }

  @Test
  void tiersStartThroughTasksetOnEveryCoreTheDriverDoesNotTake() {
    CorePlacement placement = pinned("1", "0-3", TASKSET);

    assertThat(placement.tierCommand(List.of("haproxy", "-db")))
        .containsExactly("/usr/bin/taskset", "-c", "0,2-3", "haproxy", "-db");
    assertThat(placement.describe()).isEqualTo("driver: cores 1; tiers: cores 0,2-3");
    assertThat(placement.details())
        .containsEntry("driverCpus", "1")
        .containsEntry("tierCpus", "0,2-3");
  }

  @Test
  void aTierThatNamesItsCoresStartsOnThoseWhateverTheDriverLeaves() {
    CorePlacement placement = pinned("1", "0-3", TASKSET);
    CorePlacement db = placement.forTier(CpuList.parse("0"));

    assertThat(db.tierCommand(List.of("postgres")))
        .containsExactly("/usr/bin/taskset", "-c", "0", "postgres");
    assertThat(db.where()).isEqualTo(", cores 0");
    assertThat(placement.forTier(null)).isSameAs(placement);
    assertThat(placement.where()).isEqualTo(", cores 0,2-3");
  }

  @Test
  void tiersPinnedWithoutDriverCpusLeaveTheDriverAndTheOtherTiersOnEveryCore() {
    CorePlacement placement =
        CorePlacement.of(DriverSpec.SHARED, true, CpuList.parse("0-1"), Optional.of(TASKSET));

    assertThat(placement.pinsCores()).isFalse();
    assertThat(placement.tierCommand(List.of("nginx"))).containsExactly("nginx");
    assertThat(placement.where()).isEmpty();
    assertThat(placement.forTier(CpuList.parse("1")).tierCommand(List.of("nginx")))
        .containsExactly("/usr/bin/taskset", "-c", "1", "nginx");
  }

  @Test
  void pinningATierWithoutTasksetIsAConfigErrorToo() {
    assertThatThrownBy(
            () -> CorePlacement.of(DriverSpec.SHARED, true, CpuList.parse("0-1"), Optional.empty()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("a tier's cpus: pinning cores needs taskset (util-linux)");
  }

  @Test
  void pinningWithoutTasksetIsAConfigErrorThatSaysWhatToInstall() {
    assertThatThrownBy(
            () ->
                CorePlacement.of(
                    new DriverSpec(CpuList.parse("1")), CpuList.parse("0-1"), Optional.empty()))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "driver.cpus: pinning cores needs taskset (util-linux) on the PATH; install it or"
                + " remove driver.cpus");
  }

  @Test
  void aStartedTierProcessRunsOnTheTiersCoresOnly() throws Exception {
    CpuList machine = CpuList.ofThisProcess();
    CpuList driver = new CpuList(List.of(machine.cpus().get(machine.size() - 1)));
    CorePlacement placement = splitThisMachine(machine, driver);
    Path log = dir.resolve("cat.log");

    // cat reads its own status: the process that taskset became, not taskset before it pinned.
    ManagedProcess cat = placement.start("cat", List.of("cat", "/proc/self/status"), Map.of(), log);

    assertThat(cat.waitForExit()).isZero();
    assertThat(CpuList.fromStatus(Files.readString(log))).isEqualTo(machine.minus(driver));
  }

  @Test
  void pinningThisJvmMovesEveryThreadAndReleasingGivesEveryCoreBack() throws Exception {
    CpuList machine = CpuList.ofThisProcess();
    CpuList driver = new CpuList(List.of(machine.cpus().get(0)));
    CorePlacement placement = splitThisMachine(machine, driver);

    try {
      placement.pinThisJvm();
      assertThat(threadCpus()).containsOnly(driver);
    } finally {
      placement.releaseThisJvm();
    }
    assertThat(threadCpus()).containsOnly(machine);
    assertThat(CpuList.ofThisProcess()).isEqualTo(machine);
  }

  /** The real placement on this machine; skipped, saying why, where there is nothing to split. */
  private static CorePlacement splitThisMachine(CpuList machine, CpuList driver) {
    Optional<Path> taskset = Executables.find("taskset");
    assumeThat(machine.size())
        .as("needs 2 cores to split, this machine has " + machine)
        .isGreaterThan(1);
    assumeThat(taskset).as("taskset (util-linux) on the PATH").isPresent();
    return CorePlacement.of(new DriverSpec(driver), machine, taskset);
  }

  private static CorePlacement pinned(String driver, String machine, Path taskset) {
    return CorePlacement.of(
        new DriverSpec(CpuList.parse(driver)), CpuList.parse(machine), Optional.of(taskset));
  }

  private static List<CpuList> threadCpus() throws Exception {
    try (Stream<Path> threads = Files.list(Path.of("/proc/self/task"))) {
      return threads.map(CorePlacement::allowed).flatMap(Optional::stream).toList();
    }
  }
}
