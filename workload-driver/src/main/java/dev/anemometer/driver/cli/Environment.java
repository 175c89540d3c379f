package dev.anemometer.driver.cli;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.http.NettyHttpClient;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.PopulationFactory;
import dev.anemometer.driver.stats.DriverMonitor;
import dev.anemometer.driver.stats.HealthSource;
import java.io.PrintStream;
import java.util.function.Function;
import java.util.function.Supplier;

/** What the commands need from the outside world; tests substitute fakes. */
public record Environment(
    Supplier<HttpClient> clients,
    PopulationFactory populations,
    Function<HttpClient, HealthSource> health,
    TimeSource time,
    PrintStream out,
    PrintStream err,
    boolean terminal) {

  public static Environment production() {
    return new Environment(
        NettyHttpClient::new,
        PopulationFactory.SIMULATED_USERS,
        DriverMonitor::watching,
        TimeSource.SYSTEM,
        System.out,
        System.err,
        System.console() != null);
  }

  LocalLoadGenerator newLocalGenerator() {
    return new LocalLoadGenerator(clients, populations, health, time);
  }
}
