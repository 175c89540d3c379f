package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;

/**
 * A failure injected at {@code at} from the start of the load (SPEC §4.7): exactly one of {@code
 * kill} (SIGKILL), {@code restart} (stop, then start again) and {@code pause} (SIGSTOP for {@code
 * duration}, then SIGCONT), acting on instance {@code instance} of that tier.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultSpec(
    @JsonPropertyDescription("when the fault happens: a duration from the start of the load")
        @NotNull(message = ElasticitySpec.AT_REQUIRED)
        @NonNegativeDuration(message = ElasticitySpec.AT_REQUIRED)
        Duration at,
    @JsonPropertyDescription(
            "the tier whose process, container or pod is killed (SIGKILL) and "
                + "started again; name exactly one of `kill`, `restart`, `pause`")
        TierName kill,
    @JsonPropertyDescription("the tier that is stopped gracefully and started again")
        TierName restart,
    @JsonPropertyDescription(
            "the tier that is frozen (SIGSTOP, then SIGCONT) for `duration`; not on kubernetes")
        TierName pause,
    @ConfigDefault("`0`")
        @JsonPropertyDescription(
            "which of the tier's servers, by its index at the start of the run")
        Integer instance,
    @JsonPropertyDescription(
            "how long a `pause` lasts; at most as long as the load (one still under "
                + "way when the load ends is resumed)")
        Duration duration,
    @ConfigDefault("`0`") @JsonPropertyDescription("which app instance") Integer appInstance) {

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
