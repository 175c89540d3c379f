package dev.anemometer.harness.config;

import java.util.regex.Pattern;

/**
 * The driver's worker pods on the kubernetes target ({@code driver.pods}): how many users one pod
 * simulates, what it requests and may use, and how the pods keep away from the app servers and from
 * each other, so that the driver neither shares the app tier's node nor bunches up on one.
 *
 * @param usersPerPod users one pod simulates before another is added; absent: {@value
 *     #DEFAULT_USERS_PER_POD}
 * @param cpu CPU request, as Kubernetes writes it ({@code 1}, {@code 500m}); absent: 1
 * @param cpuLimit CPU limit; absent: 2
 * @param memory memory request and limit; absent: 1g
 * @param spread {@code preferred} (the scheduler keeps them apart where it can), {@code required}
 *     (never on a node with an app server or another worker), {@code none}; absent: preferred
 * @param reach how the harness reaches the workers: {@code forward}, a port-forward through the API
 *     server to a loopback port of its host; {@code cluster}, by their names in the workers'
 *     headless Service, for a harness that runs in a pod of the cluster; absent: forward
 */
public record DriverPods(
    Integer usersPerPod, String cpu, String cpuLimit, Size memory, Spread spread, Reach reach) {

  public static final int DEFAULT_USERS_PER_POD = 1000;

  /** The defaults: what the committed {@code k8s/} files hold. */
  public static final DriverPods DEFAULTS = new DriverPods(null, null, null, null, null, null);

  /** {@code 2}, {@code 0.5}, {@code 500m}. */
  static final Pattern CORES = Pattern.compile("\\d+(\\.\\d+)?m?");

  public DriverPods {
    usersPerPod = usersPerPod == null ? DEFAULT_USERS_PER_POD : usersPerPod;
    cpu = cpu == null ? "1" : cpu.trim();
    cpuLimit = cpuLimit == null ? "2" : cpuLimit.trim();
    memory = memory == null ? Size.ofMegabytes(1024) : memory;
    spread = spread == null ? Spread.PREFERRED : spread;
    reach = reach == null ? Reach.FORWARD : reach;
  }

  /** How the harness reaches the worker pods' control ports. */
  public enum Reach implements ConfigName {
    FORWARD("forward"),
    CLUSTER("cluster");

    private final String configName;

    Reach(String configName) {
      this.configName = configName;
    }

    @Override
    public String configName() {
      return configName;
    }
  }

  /** How the worker pods keep away from the app servers and from each other. */
  public enum Spread implements ConfigName {
    PREFERRED("preferred"),
    REQUIRED("required"),
    NONE("none");

    private final String configName;

    Spread(String configName) {
      this.configName = configName;
    }

    @Override
    public String configName() {
      return configName;
    }
  }

  /** Worker pods for {@code users} users: at least one. */
  public int podsFor(int users) {
    return Math.max(1, (users + usersPerPod - 1) / usersPerPod);
  }

  static double cores(String quantity) {
    return quantity.endsWith("m")
        ? Double.parseDouble(quantity.substring(0, quantity.length() - 1)) / 1000
        : Double.parseDouble(quantity);
  }
}
