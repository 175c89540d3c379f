package dev.anemometer.harness.audit;

import java.util.ArrayList;
import java.util.List;

/** Counts every violation, keeps the first few for the report. */
final class Violations {

  static final int MAX_LISTED = 50;

  private final List<String> listed = new ArrayList<>();
  private int count;

  void add(String violation) {
    count++;
    if (listed.size() < MAX_LISTED) {
      listed.add(violation);
    }
  }

  List<String> listed() {
    return List.copyOf(listed);
  }

  int count() {
    return count;
  }
}
