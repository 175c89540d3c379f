package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;

/**
 * Where the driver's users run when not in the harness's own JVM (SPEC §3.5): {@code workers: N}
 * starts N worker JVMs on this host, {@code workers: [host:port, …]} uses workers started
 * elsewhere. Either way the harness is their controller: it runs the load path, splits the users
 * and merges the workers' histograms exactly.
 *
 * @param count worker JVMs the harness starts on this host, or null
 * @param addresses {@code host:port} of workers started elsewhere, or null
 */
public record WorkersSpec(Integer count, List<String> addresses) {

  public static final String EXPECTED = "a number of workers ≥ 1 or a list of host:port";

  public WorkersSpec {
    addresses = addresses == null ? null : List.copyOf(addresses);
  }

  public static WorkersSpec local(int count) {
    return new WorkersSpec(count, null);
  }

  public static WorkersSpec remote(List<String> addresses) {
    return new WorkersSpec(null, addresses);
  }

  /** True when the harness starts (and stops) the workers itself. */
  public boolean startsLocally() {
    return count != null;
  }

  /** How many workers share the users. */
  public int size() {
    return count != null ? count : addresses.size();
  }

  /** Written back as it was given: a number or a list. */
  @JsonValue
  public Object value() {
    return count != null ? count : addresses;
  }
}
