package dev.anemometer.harness.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel's session autogroups, through which it shares the cores between sessions before their
 * processes' nice values count: how the driver is put first on a shared machine (decisions 0011 and
 * 0023).
 */
public final class Autogroups {

  private static final Pattern NICE = Pattern.compile("nice\\s+(-?\\d+)");

  private Autogroups() {}

  /**
   * The nice value in an autogroup file ({@code /proc/<pid>/autogroup}: "/autogroup-85 nice 0");
   * empty when unreadable, as on a kernel without autogroups.
   */
  public static OptionalInt niceOf(Path autogroupFile) {
    try {
      Matcher matcher = NICE.matcher(Files.readString(autogroupFile));
      return matcher.find()
          ? OptionalInt.of(Integer.parseInt(matcher.group(1)))
          : OptionalInt.empty();
    } catch (IOException | RuntimeException unreadable) {
      return OptionalInt.empty();
    }
  }
}
