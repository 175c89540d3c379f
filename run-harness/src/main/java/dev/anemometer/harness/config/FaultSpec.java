package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;

/**
 * A failure injected at {@code at} from the start of the load (SPEC §4.7): exactly one of {@code
 * kill} (SIGKILL), {@code restart} (stop, then start again) and {@code pause} (SIGSTOP for {@code
 * duration}, then SIGCONT), acting on instance {@code instance} of that tier.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultSpec(
    Duration at,
    TierName kill,
    TierName restart,
    TierName pause,
    Integer instance,
    Duration duration,
    Integer appInstance) {

  /** The tier acted on, whichever action was named. */
  public TierName tier() {
    return kill != null ? kill : restart != null ? restart : pause;
  }

  public int instanceIndex() {
    return instance == null ? 0 : instance;
  }

  public int appInstanceIndex() {
    return appInstance == null ? 0 : appInstance;
  }
}
