package dev.anemometer.harness.cli;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** The options that choose a configuration: file, preset, and {@code --set} overrides. */
final class ConfigOptions {

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "CONFIG",
      description = "YAML configuration file (default: none, the preset alone).")
  Path file;

  @Mixin ConfigOverrides overrides;

  AnemometerConfig load() {
    return new ConfigLoader().load(file, overrides.preset, overrides.assignments());
  }
}
