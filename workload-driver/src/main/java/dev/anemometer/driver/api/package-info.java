/**
 * The driver as a library, for its own command line and for a harness that runs it in its JVM:
 * {@link dev.anemometer.driver.api.LoadRun} assembles a run (users in this JVM or on workers, the
 * results directory, Prometheus metrics, the control API, listeners) and runs it; {@link
 * dev.anemometer.driver.api.Worker} names a worker to control.
 *
 * <p>What a caller hands in and gets back are the value types of the packages this one's signatures
 * name: the run spec and results ({@code run}), the sealed load-path spec ({@code loadpath}), QoS
 * ({@code qos}), the result files' records and their reader ({@code output}), and the syntax shared
 * by every file ({@code syntax}, {@code spec}). The HTTP client, the metrics server, the control
 * protocol and the clock stay behind this package; its builder takes a generator, a clock and a
 * bound control server only for the driver's own command line and its tests.
 */
package dev.anemometer.driver.api;
