package dev.anemometer.harness.tuning;

import java.util.List;
import java.util.Locale;

/**
 * Which settings hold secrets, by name: their values are masked wherever a rendered command or
 * properties file is saved with the results, which are shared.
 */
public final class SecretKeys {

  /** What a masked value reads as. */
  public static final String MASK = "********";

  private static final List<String> MARKS = List.of("password", "secret", "token", "credential");

  private SecretKeys() {}

  public static boolean isSecret(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    return MARKS.stream().anyMatch(lower::contains);
  }

  /** {@code value}, or the mask when {@code key} names a secret and there is a value to hide. */
  public static String shown(String key, String value) {
    return isSecret(key) && !value.isEmpty() ? MASK : value;
  }

  /**
   * One argument of a command as it may be saved: {@code --key=value} and {@code -Dkey=value} with
   * a secret key keep the key and lose the value.
   */
  public static String shownArgument(String argument) {
    int equals = argument.indexOf('=');
    if (equals < 0 || !(argument.startsWith("--") || argument.startsWith("-D"))) {
      return argument;
    }
    String key = argument.substring(0, equals);
    return key + "=" + shown(key, argument.substring(equals + 1));
  }
}
