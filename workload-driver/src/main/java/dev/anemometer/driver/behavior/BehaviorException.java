package dev.anemometer.driver.behavior;

import java.util.List;

/** A behaviour that cannot be loaded; the message names the file and every offending path. */
public final class BehaviorException extends IllegalArgumentException {

  private final List<String> problems;

  BehaviorException(String source, List<String> problems) {
    super("invalid behaviour " + source + ": " + String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  /** Each problem as {@code path: what is wrong}. */
  public List<String> problems() {
    return problems;
  }
}
