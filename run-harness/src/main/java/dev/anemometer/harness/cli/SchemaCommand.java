package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.ConfigReference;
import dev.anemometer.harness.config.ConfigSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    description = {
      "Print the JSON Schema of a run file (every key, its type, default and meaning).",
      "With --write, render "
          + ConfigSchema.FILE
          + " and the key tables of "
          + ConfigReference.MARKDOWN
          + " from the configuration's records."
    })
final class SchemaCommand implements Callable<Integer> {

  @Option(
      names = "--write",
      description = "Write the schema and the reference's key tables under the project root.")
  boolean write;

  @Option(
      names = "--root",
      paramLabel = "DIR",
      description = "The project root to write under (default: the checkout the launcher runs).")
  Path root;

  @Override
  public Integer call() {
    if (root != null && !write) {
      System.err.println("anemometer: --root: only with --write (printing needs no project root)");
      return ExitCodes.BAD_INPUT;
    }
    if (!write) {
      System.out.print(ConfigSchema.generate().toPrettyString() + "\n");
      return ExitCodes.PASSED;
    }
    Path base = root != null ? root : Path.of(System.getenv().getOrDefault("ANEMOMETER_ROOT", "."));
    if (!Files.isRegularFile(base.resolve(ConfigReference.MARKDOWN))) {
      System.err.println(
          "anemometer: --root: " + base + " has no " + ConfigReference.MARKDOWN + " to render");
      return ExitCodes.BAD_INPUT;
    }
    ConfigReference.write(base);
    System.out.println(
        "rendered "
            + ConfigSchema.FILE
            + " and the key tables of "
            + ConfigReference.MARKDOWN
            + " under "
            + base.toAbsolutePath().normalize());
    return ExitCodes.PASSED;
  }
}
