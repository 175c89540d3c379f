package dev.anemometer.harness.deploy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The processes besides the harness's own JVM that run the driver's users on this host (worker JVMs
 * of {@code driver.workers: N}), so that CPU per tier counts them with the harness: the load driver
 * adds them as it starts them, the CPU meter reads them at every sample.
 */
public final class DriverProcesses {

  private final List<Long> pids = new CopyOnWriteArrayList<>();

  public void add(long pid) {
    pids.add(pid);
  }

  public List<Long> pids() {
    return List.copyOf(pids);
  }
}
