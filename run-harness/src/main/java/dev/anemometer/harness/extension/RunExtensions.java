package dev.anemometer.harness.extension;

import java.util.List;

/** The extensions one run gets, made for it from what it is, in the order their hooks run. */
@FunctionalInterface
public interface RunExtensions {

  /** A run with nothing riding along: deploy, load, audit, summary. */
  RunExtensions NONE = run -> List.of();

  List<RunExtension> forRun(RunContext run);
}
