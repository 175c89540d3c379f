package dev.anemometer.harness.cli;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The options that choose a configuration: file, preset, and {@code --set} overrides. */
final class ConfigOptions {

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "CONFIG",
      description = "YAML configuration file (default: none, the preset alone).")
  Path file;

  @Option(
      names = "--preset",
      paramLabel = "NAME",
      description = "Size preset: quickstart (default), local, soak, micro, xsmall, small.")
  String preset;

  @Option(
      names = "--target",
      paramLabel = "NAME",
      description =
          "Where the tiers run: local (default), compose, kubernetes; short for --set target=NAME.")
  String target;

  @Option(
      names = "--set",
      paramLabel = "KEY=VALUE",
      description = "Override one key, e.g. --set appInstances[0].users=500 (repeatable).")
  List<String> assignments = new ArrayList<>();

  AnemometerConfig load() {
    List<String> all = new ArrayList<>();
    if (target != null) {
      all.add("target=" + target);
    }
    all.addAll(assignments); // a --set target=… written after it still wins
    return new ConfigLoader().load(file, preset, all);
  }
}
