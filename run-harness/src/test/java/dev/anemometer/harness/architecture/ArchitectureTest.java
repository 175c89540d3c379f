package dev.anemometer.harness.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The harness's package structure as rules: every package (each sub-package its own slice) free of
 * cycles, no arrow into the auction app, and no Netty (it stays inside the driver's http package).
 */
class ArchitectureTest {

  private static final String HARNESS = "dev.anemometer.harness";

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
