package dev.anemometer.driver.stats;

/** Where a node's self-monitoring comes from; tests substitute fixed values. */
public interface HealthSource extends AutoCloseable {

  /** Health since the previous call. */
  DriverHealth takeInterval();

  @Override
  default void close() {}
}
