package dev.anemometer.harness.config;

/** A percentage as a flag gives it: {@code 3%}, {@code 3 %} or {@code 3}. */
public final class PercentText {

  private PercentText() {}

  /** The number, or null when the text is not a finite number above zero. */
  public static Double parse(String text) {
    String number = text.strip();
    if (number.endsWith("%")) {
      number = number.substring(0, number.length() - 1).strip();
    }
    try {
      double value = Double.parseDouble(number);
      return Double.isFinite(value) && value > 0 ? value : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
