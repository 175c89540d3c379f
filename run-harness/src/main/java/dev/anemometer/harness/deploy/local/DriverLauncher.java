package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.TierStartException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How to start the workload driver's command line in a JVM of its own: the java of the app servers
 * and the classes of this harness, so that controller and workers always speak the same wire
 * format. From the harness's executable jar the driver's classes are nested in it, and Spring
 * Boot's {@code PropertiesLauncher} starts them; from a build (tests, an IDE) they are on the class
 * path.
 */
final class DriverLauncher {

  static final String DRIVER_MAIN = "dev.anemometer.driver.cli.DriverMain";
  private static final String PROPERTIES_LAUNCHER =
      "org.springframework.boot.loader.launch.PropertiesLauncher";

  private DriverLauncher() {}

  /** {@code java … DriverMain} and {@code arguments}. */
  static List<String> command(Path java, List<String> arguments) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    if (Runtime.version().feature() >= 22) {
      // Netty loads its native transport (epoll); saying so keeps JDK 22+ from warning about it.
      command.add("--enable-native-access=ALL-UNNAMED");
    }
    command.addAll(
        mainClass(System.getProperty("java.class.path"), ClassLoader.getSystemClassLoader()));
    command.addAll(arguments);
    return command;
  }

  static List<String> mainClass(String classPath, ClassLoader system) {
    if (system.getResource(resource(DRIVER_MAIN)) != null) {
      return List.of("-cp", classPath, DRIVER_MAIN);
    }
    if (system.getResource(resource(PROPERTIES_LAUNCHER)) != null) {
      return List.of("-cp", classPath, "-Dloader.main=" + DRIVER_MAIN, PROPERTIES_LAUNCHER);
    }
    throw new TierStartException(
        "driver.workers: the driver's classes are not on this harness's class path ("
            + classPath
            + ")");
  }

  private static String resource(String className) {
    return className.replace('.', '/') + ".class";
  }
}
