package dev.anemometer.harness.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.host.MachineCpu;
import dev.anemometer.driver.operation.AcknowledgedBidSink;
import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.output.ConsoleStatus;
import dev.anemometer.driver.output.OutputDirectory;
import dev.anemometer.driver.run.DriverRun;
import dev.anemometer.driver.run.LoadGenerator;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.PopulationFactory;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import org.junit.jupiter.api.Test;

/**
 * The harness's package structure as rules: every package (each sub-package its own slice) free of
 * cycles; the deployment API ({@code deploy}) below every target; {@code run} orchestrating, called
 * by the CLI only, with the studies that ride along a run as extensions it does not name; no arrow
 * into the auction app, and no Netty (it stays inside the driver's http package).
 */
class ArchitectureTest {

  private static final String HARNESS = "dev.anemometer.harness";
  private static final String DRIVER = "dev.anemometer.driver";

  private static final JavaClasses MAIN_CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(HARNESS);

  @Test
  void packagesFormNoCycles() {
    slices()
        .matching(HARNESS + ".(**)")
        .namingSlices("$1")
        .should()
        .beFreeOfCycles()
        .check(MAIN_CLASSES);
  }

  @Test
  void theDeploymentApiDependsOnNoTarget() {
    noClasses()
        .that()
        .resideInAPackage(HARNESS + ".deploy")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            HARNESS + ".deploy.local..",
            HARNESS + ".deploy.compose..",
            HARNESS + ".deploy.kubernetes..",
            HARNESS + ".deploy.container..")
        .check(MAIN_CLASSES);
  }

  /**
   * The load's types (plan, driver, outcome) live with the load ({@code drive}); the targets know
   * nothing of them and keep the driver's share of the host through {@code DriverPlacement}.
   */
  @Test
  void theDeploymentKnowsNothingOfTheLoad() {
    noClasses()
        .that()
        .resideInAPackage(HARNESS + ".deploy..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(HARNESS + ".drive..")
        .check(MAIN_CLASSES);
  }

  /** Each target stands on the deployment API (and the container images' package) alone. */
  @Test
  void noTargetDependsOnAnother() {
    String[][] others = {
      {"local", "compose", "kubernetes", "container"},
      {"compose", "local", "kubernetes"},
      {"kubernetes", "local", "compose"},
      {"container", "local", "compose", "kubernetes"}
    };
    for (String[] target : others) {
      String[] forbidden = new String[target.length - 1];
      for (int i = 1; i < target.length; i++) {
        forbidden[i - 1] = HARNESS + ".deploy." + target[i] + "..";
      }
      noClasses()
          .that()
          .resideInAPackage(HARNESS + ".deploy." + target[0] + "..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(forbidden)
          .check(MAIN_CLASSES);
    }
  }

  /**
   * The run path — the load, elasticity and faults, the audit, the results and the report, and the
   * run procedure itself — reaches every target through the deployment API alone: what it does on a
   * cluster is what it does on this host. Only the factories in {@code run} (and the CLI) name a
   * target.
   */
  @Test
  void theRunPathDependsOnNoTarget() {
    String[] targets = {
      HARNESS + ".deploy.local..",
      HARNESS + ".deploy.compose..",
      HARNESS + ".deploy.kubernetes..",
      HARNESS + ".deploy.container.."
    };
    noClasses()
        .that()
        .resideInAnyPackage(
            HARNESS + ".drive..",
            HARNESS + ".extension..",
            HARNESS + ".studies..",
            HARNESS + ".elasticity..",
            HARNESS + ".audit..",
            HARNESS + ".results..",
            HARNESS + ".report..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(targets)
        .check(MAIN_CLASSES);
    noClasses()
        .that()
        .resideInAPackage(HARNESS + ".run")
        .and()
        .haveSimpleNameStartingWith("Run")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(targets)
        .check(MAIN_CLASSES);
  }

  /**
   * The run's core (the package {@code run} itself) calls its extensions through their contract and
   * names none of them: a study added, changed or removed leaves the core as it is. Runs of runs
   * (repeat sets, experiments, calibration) wrap the core from outside.
   */
  @Test
  void theRunCoreNamesNoStudy() {
    noClasses()
        .that()
        .resideInAPackage(HARNESS + ".run")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            HARNESS + ".platform..",
            HARNESS + ".soak..",
            HARNESS + ".elasticity..",
            HARNESS + ".calibration..",
            HARNESS + ".studies..",
            HARNESS + ".run.repeat..",
            HARNESS + ".run.experiment..")
        .check(MAIN_CLASSES);
  }

  /** The extension contract stands below every study that implements it. */
  @Test
  void theExtensionContractNamesNoStudy() {
    noClasses()
        .that()
        .resideInAPackage(HARNESS + ".extension..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            HARNESS + ".platform..",
            HARNESS + ".soak..",
            HARNESS + ".elasticity..",
            HARNESS + ".studies..",
            HARNESS + ".run..")
        .check(MAIN_CLASSES);
  }

  @Test
  void onlyTheCliCallsTheOrchestration() {
    noClasses()
        .that()
        .resideOutsideOfPackages(HARNESS + ".run..", HARNESS + ".cli..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(HARNESS + ".run..")
        .check(MAIN_CLASSES);
  }

  /**
   * The harness runs the driver through its library API ({@code driver.api}) and hands in and gets
   * back the value types that API's signatures carry: the run spec, results and listeners, the
   * sealed load-path spec, QoS, the result files' records and reader, the syntax of every file, and
   * the few types those records hold (a target's users, an operation's name, a target's
   * acknowledged bids, a status interval, the machine's CPU). The driver's HTTP client, metrics
   * server, control protocol, clock and the run's own machinery stay behind the API, so the driver
   * can change them without the harness knowing.
   */
  @Test
  void theHarnessUsesTheDriverThroughItsLibraryApi() {
    classes()
        .that()
        .resideInAPackage(HARNESS + "..")
        .should()
        .onlyDependOnClassesThat(
            resideOutsideOfPackage(DRIVER + "..")
                .or(
                    resideInAnyPackage(
                        DRIVER + ".api",
                        DRIVER + ".run",
                        DRIVER + ".loadpath",
                        DRIVER + ".qos",
                        DRIVER + ".output",
                        DRIVER + ".syntax",
                        DRIVER + ".spec"))
                .or(
                    belongToAnyOf(
                        UsersConfig.class,
                        OperationType.class,
                        Notification.class,
                        AcknowledgedBids.class,
                        AcknowledgedBidSink.class,
                        IntervalStats.class,
                        OperationStats.class,
                        MachineCpu.class)))
        .check(MAIN_CLASSES);
    noClasses()
        .that()
        .resideInAPackage(HARNESS + "..")
        .should()
        .dependOnClassesThat(
            belongToAnyOf(
                DriverRun.class,
                LoadGenerator.class,
                LocalLoadGenerator.class,
                PopulationFactory.class,
                OutputDirectory.class,
                ConsoleStatus.class))
        .check(MAIN_CLASSES);
  }

  @Test
  void harnessNeverImportsTheApp() {
    noClasses()
        .that()
        .resideInAPackage(HARNESS + "..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.anemometer.auction..")
        .check(MAIN_CLASSES);
  }

  @Test
  void nettyStaysInsideTheDriver() {
    noClasses()
        .that()
        .resideInAPackage(HARNESS + "..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.netty..")
        .check(MAIN_CLASSES);
  }
}
