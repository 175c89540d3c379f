package dev.anemometer.driver;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The driver's package structure (issue 15): one-way arrows, Netty behind {@code http}. */
@AnalyzeClasses(
    packages = "dev.anemometer.driver",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  /** Every package is its own slice, the root package included ({@code (**)} may be "driver"). */
  @ArchTest
  static final ArchRule noPackageCycles =
      slices().matching("dev.anemometer.(**)").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule theDriverKnowsNeitherTheAppNorTheHarness =
      noClasses()
          .that()
          .resideInAPackage("dev.anemometer.driver..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("dev.anemometer.auction..", "dev.anemometer.harness..");

  @ArchTest
  static final ArchRule nettyStaysInTheHttpPackage =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.anemometer.driver.http..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.netty..");
}
