package dev.anemometer.harness.support;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The jars a build of this checkout made, which the end-to-end tests run as a user would. */
public final class ProjectJars {

  /** The checkout's root: the tests run in run-harness/. */
  public static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

  private ProjectJars() {}

  /** The auction app's executable jar, when {@code ./mvnw package} built it. */
  public static Optional<Path> appJar() {
    return jar(PROJECT.resolve("auction-app/target"), "auction-app-*-exec.jar");
  }

  /**
   * For a test that runs the harness's command line as a user would: skipped without the app jar,
   * and the harness finds this checkout's jars and templates.
   */
  public static void assumeTheAppJarAndUseThisCheckout() {
    assumeThat(appJar()).as("auction-app exec jar (./mvnw package)").isPresent();
    System.setProperty("anemometer.root", PROJECT.toString());
  }

  public static Optional<Path> jar(Path dir, String glob) {
    if (!Files.isDirectory(dir)) {
      return Optional.empty();
    }
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, glob)) {
      for (Path jar : jars) {
        return Optional.of(jar);
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
