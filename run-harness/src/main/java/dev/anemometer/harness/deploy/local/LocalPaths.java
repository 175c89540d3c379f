package dev.anemometer.harness.deploy.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Where the local target keeps things that outlive one run: PostgreSQL binaries and data (so a
 * second run resets instead of reloading), nginx working folders, the deployment state. As root
 * this is under /var/tmp, which the unprivileged PostgreSQL and nginx workers can reach.
 */
public record LocalPaths(Path projectRoot, Path stateBase) {

  public static LocalPaths detect() {
    String root = System.getenv("ANEMOMETER_ROOT");
    if (root == null || root.isBlank()) {
      root = System.getProperty("anemometer.root");
    }
    Path projectRoot =
        Path.of(root == null || root.isBlank() ? "." : root).toAbsolutePath().normalize();
    String state = System.getenv("ANEMOMETER_STATE_DIR");
    Path stateBase;
    if (state != null && !state.isBlank()) {
      stateBase = Path.of(state);
    } else if (Executables.runningAsRoot()) {
      stateBase = Path.of("/var/tmp/anemometer");
    } else {
      stateBase = Path.of(System.getProperty("user.home"), ".cache", "anemometer");
    }
    return new LocalPaths(projectRoot, stateBase.toAbsolutePath());
  }

  /** A folder of this project checkout, so two checkouts never share a database. */
  public Path projectState() {
    checkedBase();
    return create(stateBase.resolve("projects").resolve(projectKey()));
  }

  public Path postgresData(int appInstance) {
    return projectState().resolve("pgdata").resolve("instance-" + appInstance);
  }

  public Path workDir(String tierName) {
    return create(projectState().resolve("work").resolve(tierName));
  }

  public Path postgresBinariesBase() {
    return checkedBase();
  }

  /** The base folder, this user's alone: what it holds is run and trusted (see StateFolder). */
  private Path checkedBase() {
    return StateFolder.checked(stateBase, StateFolder.modeFor(Executables.runningAsRoot()));
  }

  /** The state file of a deployment left running by {@code deploy}. */
  public Path deploymentState() {
    return projectRoot.resolve(".anemometer").resolve("deployment-state.json");
  }

  /** The app jar: {@code ANEMOMETER_APP_JAR}, else the one the build made. */
  public Optional<Path> appJar() {
    String chosen = System.getenv("ANEMOMETER_APP_JAR");
    if (chosen != null && !chosen.isBlank()) {
      return Optional.of(Path.of(chosen)).filter(Files::isRegularFile);
    }
    Path target = projectRoot.resolve("auction-app/target");
    if (!Files.isDirectory(target)) {
      return Optional.empty();
    }
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(target, "auction-app-*-exec.jar")) {
      for (Path jar : jars) {
        return Optional.of(jar);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Optional.empty();
  }

  private String projectKey() {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(projectRoot.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Path create(Path dir) {
    try {
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
  }
}
