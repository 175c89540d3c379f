package dev.anemometer.harness.deploygen;

import dev.anemometer.driver.spec.ExitCodes;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code generate}: writes the {@code docker/} and {@code k8s/} trees from the presets. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = "Write docker/ (Compose, local preset) and k8s/ (kustomize, cluster presets).")
public final class GenerateCommand implements Callable<Integer> {

  @Option(
      names = "--out",
      description = "Directory to write docker/ and k8s/ into (default: the repository root).")
  Path out;

  @Override
  public Integer call() {
    Path root = out != null ? out : Path.of(System.getenv().getOrDefault("ANEMOMETER_ROOT", "."));
    Map<String, String> files = DeployFiles.generate();
    DeployFiles.write(files, root);
    System.out.println(
        "generated " + files.size() + " files under " + root.toAbsolutePath().normalize());
    return ExitCodes.PASSED;
  }
}
