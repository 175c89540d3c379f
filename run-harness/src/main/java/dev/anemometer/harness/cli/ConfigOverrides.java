package dev.anemometer.harness.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that layer over a configuration file: preset, target and {@code --set}. */
final class ConfigOverrides {

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

  /** {@code --target} as an assignment, then every {@code --set}, in order. */
  List<String> assignments() {
    List<String> all = new ArrayList<>();
    if (target != null) {
      all.add("target=" + target);
    }
    all.addAll(assignments); // a --set target=… written after it still wins
    return all;
  }
}
