package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.util.List;

/** Tier sizes that change during a run (SPEC §4.7). */
public record ElasticitySpec(List<Step> schedule) {

  public ElasticitySpec {
    schedule = schedule == null ? List.of() : List.copyOf(schedule);
  }

  /**
   * At {@code at} from the start of the load, set {@code tier} of app instance {@code appInstance}
   * to {@code instances}.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Step(Duration at, TierName tier, int instances, Integer appInstance) {

    public int appInstanceIndex() {
      return appInstance == null ? 0 : appInstance;
    }
  }
}
