package dev.anemometer.harness.deploy.local;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds nginx, HAProxy and friends on the PATH, plus the sbin folders a user's PATH may lack. */
public final class Executables {

  private Executables() {}

  public static Optional<Path> find(String name) {
    List<String> dirs = new ArrayList<>();
    String path = System.getenv("PATH");
    if (path != null) {
      dirs.addAll(List.of(path.split(File.pathSeparator)));
    }
    dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/local/sbin"));
    for (String dir : dirs) {
      if (dir.isBlank()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The java launcher for app servers: the launcher's choice, else the JVM running us. */
  public static Path java() {
    String chosen = System.getenv("ANEMOMETER_JAVA");
    if (chosen != null && !chosen.isBlank() && Files.isExecutable(Path.of(chosen))) {
      return Path.of(chosen);
    }
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /** PostgreSQL refuses to run as root, and nginx then needs a worker user. */
  public static boolean runningAsRoot() {
    try {
      return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
    } catch (Exception e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }
}
