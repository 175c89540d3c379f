package dev.anemometer.harness.config;

import java.util.List;
import java.util.regex.Pattern;

/** Checks the {@code driver} block against the target and the CPUs this machine offers. */
final class DriverValidator {

  /** A host name, an IPv4 address or a bracketed IPv6 one, then a port. */
  private static final Pattern HOST_PORT =
      Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?):(\\d{1,5})");

  private final List<String> errors;
  private final PinnedCpusCheck pinned;

  DriverValidator(List<String> errors) {
    this.errors = errors;
    this.pinned = new PinnedCpusCheck(errors);
  }

  void validate(AnemometerConfig config) {
    validateWorkers(config);
    validatePods(config);
    if (config.driver().precedence() != null && config.target() == Target.KUBERNETES) {
      errors.add(
          "driver.precedence: the local and compose targets put the driver first on a shared"
              + " machine; remove it for target "
              + config.target().configName());
    }
    if (config.driver().cpus() != null) {
      pinned.passes(config, "driver.cpus");
    }
  }

  private void validatePods(AnemometerConfig config) {
    DriverPods pods = config.driver().pods();
    if (pods == null) {
      return;
    }
    if (config.target() != Target.KUBERNETES) {
      errors.add(
          "driver.pods: only the kubernetes target runs the driver as pods; remove it for target "
              + config.target().configName());
      return;
    }
    boolean coresValid = true;
    for (String[] key : new String[][] {{"cpu", pods.cpu()}, {"cpuLimit", pods.cpuLimit()}}) {
      if (!DriverPods.CORES.matcher(key[1]).matches() || DriverPods.cores(key[1]) <= 0) {
        errors.add(
            "driver.pods."
                + key[0]
                + ": '"
                + key[1]
                + "' is not a CPU quantity > 0 such as 1, 0.5 or 500m");
        coresValid = false;
      }
    }
    if (coresValid && DriverPods.cores(pods.cpu()) > DriverPods.cores(pods.cpuLimit())) {
      errors.add(
          "driver.pods.cpu: "
              + pods.cpu()
              + " is above cpuLimit "
              + pods.cpuLimit()
              + " (a request must fit its limit)");
    }
  }

  private void validateWorkers(AnemometerConfig config) {
    DriverSpec driver = config.driver();
    WorkersSpec workers = driver.workers();
    if (workers == null) {
      if (driver.token() != null) {
        errors.add("driver.token: only used with driver.workers given as host:port");
      }
      return;
    }
    if (config.target() == Target.KUBERNETES) {
      errors.add(
          "driver.workers: the kubernetes target runs its own driver pods; remove it for target"
              + " kubernetes");
      return;
    }
    if (workers.startsLocally()) {
      if (workers.count() < 1) {
        errors.add("driver.workers: must be ≥ 1 (or a list of host:port), was " + workers.count());
      }
      if (driver.token() != null) {
        errors.add(
            "driver.token: only for workers given as host:port; the harness makes a token for"
                + " the workers it starts");
      }
      return;
    }
    if (workers.addresses().isEmpty()) {
      errors.add("driver.workers: must list at least one host:port (or give a number ≥ 1)");
    }
    for (int i = 0; i < workers.addresses().size(); i++) {
      String address = workers.addresses().get(i);
      if (!validHostPort(address)) {
        errors.add(
            "driver.workers[" + i + "]: '" + address + "' is not host:port (port 1 to 65535)");
      } else if (workers.addresses().subList(0, i).contains(address)) {
        errors.add("driver.workers[" + i + "]: '" + address + "' is listed twice");
      }
    }
  }

  private static boolean validHostPort(String address) {
    var matcher = HOST_PORT.matcher(address == null ? "" : address.trim());
    if (!matcher.matches()) {
      return false;
    }
    int port = Integer.parseInt(matcher.group(3));
    return port >= 1 && port <= 65535;
  }
}
