package dev.anemometer.driver.api;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.control.ControlServer;
import dev.anemometer.driver.control.RemoteLoadGenerator;
import dev.anemometer.driver.control.RunControl;
import dev.anemometer.driver.control.WorkerClient;
import dev.anemometer.driver.http.NettyHttpClient;
import dev.anemometer.driver.metrics.DriverMetrics;
import dev.anemometer.driver.metrics.MetricsServer;
import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.driver.output.OutputDirectory;
import dev.anemometer.driver.run.DriverRun;
import dev.anemometer.driver.run.LoadGenerator;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One run of the driver, assembled the one way its command line and a harness both use: the users
 * (in this JVM over Netty, or on workers this run controls), the results directory, Prometheus
 * metrics and the control API when asked for, and the caller's listeners. {@link #run()} runs the
 * load path to its end; Ctrl-C stops it and waits for the results to be written.
 *
 * <pre>{@code
 * try (LoadRun run = LoadRun.of(spec).output(dir).metricsPreferring(9464).open()) {
 *   RunResult result = run.run();
 * }
 * }</pre>
 */
public final class LoadRun implements AutoCloseable {

  /** How long Ctrl-C waits for a stopped run to write its results. */
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  private final DriverRun run;
  private final OutputDirectory output;
  private final MetricsServer metrics;
  private final ControlServer control;
  private final CountDownLatch closed = new CountDownLatch(1);
  private final Thread stopOnSignal =
      new Thread(
          () -> {
            stop();
            awaitQuietly(closed);
          },
          "anemometer-stop-driver");
  private boolean hookInstalled;

  private LoadRun(
      DriverRun run, OutputDirectory output, MetricsServer metrics, ControlServer control) {
    this.run = run;
    this.output = output;
    this.metrics = metrics;
    this.control = control;
  }

  /** A run of this spec; by default its users run in this JVM and nothing is served. */
  public static Builder of(RunSpec spec) {
    return new Builder(spec);
  }

  /** What {@code summary.json} holds for a result, for a caller that reads it in this JVM. */
  public static DriverSummary summary(RunResult result) {
    return OutputDirectory.summary(result);
  }

  /** Where Prometheus scrapes this run, when metrics were asked for. */
  public Optional<String> metricsUrl() {
    return Optional.ofNullable(metrics).map(MetricsServer::url);
  }

  /** Where the control API listens, when it was asked for. */
  public Optional<InetSocketAddress> controlAddress() {
    return Optional.ofNullable(control).map(ControlServer::address);
  }

  /**
   * Runs the load path to its end (or {@link #stop()}) and returns what was measured; an error that
   * broke the run off is in {@link RunResult#error()}. Ctrl-C stops the run and holds the JVM's
   * exit until this run is closed (its results written and said), for at most 30 seconds.
   */
  public RunResult run() {
    synchronized (this) {
      if (!hookInstalled) {
        Runtime.getRuntime().addShutdownHook(stopOnSignal);
        hookInstalled = true;
      }
    }
    return run.run();
  }

  /** Asks {@link #run()} to end after the current tick; what was measured is kept and judged. */
  public void stop() {
    run.stop();
  }

  /** Stops serving metrics and control, closes the results files and lets a Ctrl-C exit go on. */
  @Override
  public void close() {
    try {
      if (control != null) {
        control.close();
      }
      if (metrics != null) {
        metrics.close();
      }
      output.close();
    } finally {
      closed.countDown();
      releaseHook();
    }
  }

  private synchronized void releaseHook() {
    if (!hookInstalled) {
      return;
    }
    hookInstalled = false;
    try {
      Runtime.getRuntime().removeShutdownHook(stopOnSignal);
    } catch (IllegalStateException shuttingDown) {
      // Ctrl-C: the hook is running and has just been released.
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(STOP_GRACE.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** What a run is to be; {@link #open()} starts what it serves and checks its workers answer. */
  public static final class Builder {

    private final RunSpec spec;
    private final List<RunListener> listeners = new ArrayList<>();
    private Supplier<LoadGenerator> users =
        () -> LocalLoadGenerator.production(NettyHttpClient::new);
    private TimeSource time = TimeSource.SYSTEM;
    private Path output;
    private Integer metricsPort;
    private boolean metricsPortPreferred;
    private ControlServer control;

    private Builder(RunSpec spec) {
      this.spec = Objects.requireNonNull(spec, "spec");
    }

    /** The users run on these workers, this run being their controller (it merges and judges). */
    public Builder usersOn(List<Worker> controlled) {
      if (controlled.isEmpty()) {
        throw new IllegalArgumentException("workers: at least one is needed");
      }
      List<Worker> workers = List.copyOf(controlled);
      this.users = () -> controllerOf(workers);
      return this;
    }

    /**
     * The users run in this generator: a test's, or the driver's command line's with the clients
     * and clock its environment gives.
     */
    public Builder generator(LoadGenerator given) {
      Objects.requireNonNull(given, "generator");
      this.users = () -> given;
      return this;
    }

    /** The run's clock: the system's unless a test or the driver's command line gives another. */
    public Builder time(TimeSource clock) {
      this.time = Objects.requireNonNull(clock, "time");
      return this;
    }

    /** Where the results files go (required). */
    public Builder output(Path directory) {
      this.output = Objects.requireNonNull(directory, "output");
      return this;
    }

    /** Serves Prometheus metrics on this loopback port (0: a free one); a taken port fails. */
    public Builder metrics(int port) {
      this.metricsPort = requirePort(port);
      this.metricsPortPreferred = false;
      return this;
    }

    /** Serves Prometheus metrics on this loopback port when it is free, else on a free one. */
    public Builder metricsPreferring(int port) {
      this.metricsPort = requirePort(port);
      this.metricsPortPreferred = true;
      return this;
    }

    /**
     * Serves the control API (status, users by hand, stop) for this run on a bound server, which
     * the run closes. For the driver's own command line, which binds it as its options say.
     */
    public Builder control(ControlServer server) {
      this.control = Objects.requireNonNull(server, "control");
      return this;
    }

    public Builder listener(RunListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Checks that every worker answers, then opens the results directory and starts serving.
     *
     * @throws RuntimeException naming the worker that does not answer, or the port that is taken
     */
    public LoadRun open() {
      if (output == null) {
        throw new IllegalStateException("output: a results directory is needed");
      }
      MetricsServer metricsServer = null;
      OutputDirectory files = null;
      try {
        DriverRun run = new DriverRun(spec, users.get(), time);
        if (metricsPort != null) {
          DriverMetrics driverMetrics = new DriverMetrics();
          run.addListener(driverMetrics);
          metricsServer = serveMetrics(driverMetrics);
        }
        files = new OutputDirectory(output, System::currentTimeMillis);
        run.addListener(files);
        listeners.forEach(run::addListener);
        if (control != null) {
          new RunControl(run).serveOn(control).start();
        }
        return new LoadRun(run, files, metricsServer, control);
      } catch (RuntimeException e) {
        if (control != null) {
          control.close();
        }
        if (metricsServer != null) {
          metricsServer.close();
        }
        if (files != null) {
          files.close();
        }
        throw e;
      }
    }

    private static int requirePort(int port) {
      if (port < 0 || port > 65_535) {
        throw new IllegalArgumentException("metrics: port " + port + " is not 0..65535");
      }
      return port;
    }

    private LoadGenerator controllerOf(List<Worker> controlled) {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      List<WorkerClient> clients = new ArrayList<>();
      for (Worker worker : controlled) {
        clients.add(new WorkerClient(worker.base(), worker.token(), http, worker.name()));
      }
      clients.forEach(WorkerClient::status);
      return new RemoteLoadGenerator(clients, time);
    }

    private MetricsServer serveMetrics(DriverMetrics driverMetrics) {
      try {
        return MetricsServer.onLoopback(metricsPort, driverMetrics);
      } catch (UncheckedIOException taken) {
        if (!metricsPortPreferred) {
          throw taken;
        }
        return MetricsServer.onLoopback(0, driverMetrics);
      }
    }
  }
}
