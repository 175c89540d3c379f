package dev.anemometer.driver.cli;

import dev.anemometer.driver.syntax.DurationSyntax;
import java.time.Duration;

/** A duration option or run-file field, read with {@link DurationSyntax}; errors name the field. */
public final class DurationText {

  private DurationText() {}

  /**
   * @param name the option or config path, for the error message
   * @throws IllegalArgumentException naming {@code name} when the text is not a duration
   */
  public static Duration parse(String name, String text) {
    if (text == null) {
      throw new IllegalArgumentException(name + ": missing duration");
    }
    return DurationSyntax.tryParse(text)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    name + ": expected a duration such as 90s, 5m or 200ms, was '" + text + "'"));
  }
}
