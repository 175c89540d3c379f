package dev.anemometer.driver.http;

import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Implemented by an HTTP client whose threads the self-monitoring should watch (a Netty client's
 * event loops): a task scheduled there runs late exactly when users' timers and responses do.
 */
public interface MonitoredExecutors {

  List<ScheduledExecutorService> executorsToMonitor();
}
