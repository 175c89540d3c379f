package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.constraints.Min;
import java.util.regex.Pattern;

/**
 * The driver's worker pods on the kubernetes target ({@code driver.pods}): how many users one pod
 * simulates, what it requests and may use, and how the pods keep away from the app servers and from
 * each other, so that the driver neither shares the app tier's node nor bunches up on one.
 */
public record DriverPods(
    @ConfigDefault("`1000`")
        @JsonPropertyDescription(
            "users one worker pod simulates: each instance gets ⌈its most users / "
                + "usersPerPod⌉ pods (`fixed`: `users`; `interval`: the load path's most; "
                + "`findMax`: the ceiling)")
        @Min(1)
        Integer usersPerPod,
    @ConfigDefault("`1`")
        @JsonPropertyDescription("CPU request of a worker pod (`1`, `0.5`, `500m`)")
        String cpu,
    @ConfigDefault("`2`") @JsonPropertyDescription("CPU limit of a worker pod, ≥ `cpu`")
        String cpuLimit,
    @ConfigDefault("`1g`")
        @JsonPropertyDescription("memory request and limit of a worker pod (≥ 64m)")
        @SizeRule(minBytes = 64L << 20, message = "must be a size of at least 64m, such as 1g")
        Size memory,
    @ConfigDefault("`preferred`")
        @JsonPropertyDescription(
            "keeps the workers off the nodes of the app servers and of each other "
                + "(pod anti-affinity on `kubernetes.io/hostname`, every namespace): "
                + "`preferred` where the scheduler can, `required` always (a pod stays "
                + "`Pending` without such a node), `none`")
        Spread spread,
    @ConfigDefault("`forward`")
        @JsonPropertyDescription(
            "how the harness reaches the workers' control ports: `forward`, a "
                + "port-forward through the API server to a loopback port of the "
                + "harness's host (it needs the `pods/portforward` permission); "
                + "`cluster`, by their names in the headless Service "
                + "(`driver-worker-0.driver-worker.<namespace>.svc`), for a harness "
                + "running in a pod of the cluster labelled `anemometer.dev/tier: "
                + "harness`, the one source the workers' NetworkPolicy admits")
        Reach reach) {

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
