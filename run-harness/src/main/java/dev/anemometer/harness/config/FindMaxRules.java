package dev.anemometer.harness.config;

/**
 * The rules of the {@code findMax} keys, a validation group of their own: they are checked when the
 * strategy is findMax, and a fixed or interval run leaves the section as it finds it.
 */
public interface FindMaxRules {}
