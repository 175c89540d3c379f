package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.Presets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(
    name = "presets",
    mixinStandardHelpOptions = true,
    description = "List the size presets and what they contain.")
final class PresetsCommand implements Callable<Integer> {

  @Override
  public Integer call() {
    for (Presets.Preset preset : Presets.all()) {
      System.out.printf("  %-11s %s%n", preset.name(), preset.summary());
    }
    System.out.println();
    System.out.println(
        "  Use one with: ./anemometer run --preset NAME"
            + "   (see what it resolves to: ./anemometer validate --preset NAME)");
    return ExitCodes.PASSED;
  }
}
