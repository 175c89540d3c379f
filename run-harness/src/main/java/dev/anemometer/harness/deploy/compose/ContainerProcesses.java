package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.deploy.compose.ServiceContainers.Container;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The tier containers' first processes as this host sees them, for CPU per tier: their process
 * trees hold every process of the container. The engine is asked at most every {@link #FRESH} (CPU
 * is sampled every second), so a container a change or fault started shows within that; each asking
 * is two engine commands per project.
 */
final class ContainerProcesses implements Supplier<List<TierProcess>> {

  static final Duration FRESH = Duration.ofSeconds(5);

  /** Compose's services by the tier names CPU per tier uses. */
  private static final Map<String, String> TIERS =
      Map.of("postgres", "db", "app", "app", "haproxy", "lb", "nginx", "web");

  private final List<ComposeDeployment.Project> projects;
  private final EngineCli engine;
  private final Path proc;
  private final LongSupplier nanoTime;
  private List<TierProcess> processes;
  private long askedNanos;
  private Boolean onThisHost;

  /**
   * @param proc this host's {@code /proc}, where a container's first process is found
   */
  ContainerProcesses(
      List<ComposeDeployment.Project> projects,
      EngineCli engine,
      Path proc,
      LongSupplier nanoTime) {
    this.projects = List.copyOf(projects);
    this.engine = engine;
    this.proc = proc;
    this.nanoTime = nanoTime;
  }

  /**
   * Whether the engine's containers run on this host, so that the process ids it names are this
   * host's: a remote {@code DOCKER_HOST} (tcp, ssh) or an engine in a VM names processes of another
   * kernel. A container's first process here sits in a cgroup named after the container's id: one
   * running container found so is enough (another may have just exited). Decided once, at the first
   * call the engine answers, so that every caller sees one answer; true while it does not.
   */
  synchronized boolean onThisHost() {
    if (onThisHost == null) {
      try {
        List<Container> running =
            projects.stream()
                .flatMap(p -> ServiceContainers.ofProject(engine, p.name()).list().stream())
                .filter(c -> c.running() && c.pid() > 0)
                .toList();
        onThisHost = running.isEmpty() || running.stream().anyMatch(this::cgroupNames);
      } catch (RuntimeException e) {
        return true; // asked again at the next call
      }
    }
    return onThisHost;
  }

  private boolean cgroupNames(Container container) {
    try {
      return Files.readString(proc.resolve(container.pid() + "/cgroup")).contains(container.id());
    } catch (IOException e) {
      return false; // no such process here
    }
  }

  @Override
  public synchronized List<TierProcess> get() {
    long now = nanoTime.getAsLong();
    if (processes == null || now - askedNanos >= FRESH.toNanos()) {
      askedNanos = now;
      try {
        processes = ask();
      } catch (RuntimeException e) {
        // The engine did not answer this time: the last answer stands until the next.
        processes = processes == null ? List.of() : processes;
      }
    }
    return processes;
  }

  private List<TierProcess> ask() {
    List<TierProcess> found = new ArrayList<>();
    for (ComposeDeployment.Project project : projects) {
      for (Container c : ServiceContainers.ofProject(engine, project.name()).list()) {
        String tier = TIERS.get(c.service());
        if (tier != null && c.running() && c.pid() > 0) {
          String name = project.model().instanceName() + "-" + tier + "-" + (c.number() - 1);
          found.add(new TierProcess(tier, project.appInstanceIndex(), name, c.pid()));
        }
      }
    }
    return List.copyOf(found);
  }
}
