package dev.anemometer.harness.extension;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.results.ResultsDirectory;

/**
 * What one run is, for its extensions: the configuration as resolved for it, its results folder
 * (with the event log) and where it reports progress.
 */
public record RunContext(AnemometerConfig config, ResultsDirectory results, Console console) {}
