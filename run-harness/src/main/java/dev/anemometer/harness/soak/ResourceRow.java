package dev.anemometer.harness.soak;

/**
 * One figure of one sample: a line of {@code resources.csv}.
 *
 * @param loadSeconds since the driver started the load
 * @param time the sample's wall-clock time (ISO-8601, UTC)
 * @param instance the app instance (instance-N)
 * @param tier db, app, lb or web
 * @param source the tier process (instance-0-app-1), {@code database}, or a table's name
 * @param metric a {@link Metric} column name
 */
public record ResourceRow(
    double loadSeconds,
    String time,
    String instance,
    String tier,
    String source,
    String metric,
    double value) {

  /** The series this figure belongs to. */
  public String series() {
    return instance + "/" + source + "/" + metric;
  }
}
