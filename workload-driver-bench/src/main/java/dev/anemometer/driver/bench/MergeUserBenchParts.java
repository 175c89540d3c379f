package dev.anemometer.driver.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Part of {@code bench.sh}: merges what the {@link UserBench} processes of one user count wrote,
 * each to its own file, into the one result the script prints ({@link UserBenchResult#merge}).
 *
 * <p>Usage: {@code MergeUserBenchParts <part-file>...}
 */
public final class MergeUserBenchParts {

  private MergeUserBenchParts() {}

  public static void main(String[] args) {
    if (args.length == 0) {
      System.err.println("usage: MergeUserBenchParts <part-file>...");
      System.exit(2);
    }
    List<UserBenchResult> parts = new ArrayList<>();
    for (String file : args) {
      try {
        parts.add(UserBenchResult.parse(Files.readString(Path.of(file), StandardCharsets.UTF_8)));
      } catch (IOException | IllegalArgumentException bad) {
        System.err.println("MergeUserBenchParts: " + file + ": " + bad.getMessage());
        System.exit(1);
      }
    }
    System.out.print(UserBenchResult.merge(parts).lines());
  }
}
