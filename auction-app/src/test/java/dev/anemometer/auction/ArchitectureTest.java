package dev.anemometer.auction;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.web.bind.annotation.RestController;

/** The app's package structure (issue 15): feature packages without cycles, time injected. */
@AnalyzeClasses(
    packages = "dev.anemometer.auction",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  @ArchTest
  static final ArchRule noPackageCycles =
      slices().matching("dev.anemometer.(**)").should().beFreeOfCycles();

  /** Beans take the {@link Clock} bean, so that tests can drive the time they see. */
  @ArchTest
  static final ArchRule beansReadTimeFromTheInjectedClock =
      noClasses()
          .that()
          .areAnnotatedWith(Service.class)
          .or()
          .areAnnotatedWith(Component.class)
          .or()
          .areAnnotatedWith(RestController.class)
          .should()
          .callMethod(Clock.class, "systemUTC")
          .orShould()
          .callMethod(Clock.class, "systemDefaultZone")
          .orShould()
          .callMethod(Instant.class, "now");
}
