package dev.anemometer.auction.bid;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/** {@code anemometer.bids}, tagged result (accepted / rejected) and outcome. */
@Component
class BidMetrics {

  private final Map<BidOutcome, Counter> counters = new EnumMap<>(BidOutcome.class);

  BidMetrics(MeterRegistry meters) {
    for (BidOutcome outcome : BidOutcome.values()) {
      counters.put(
          outcome,
          Counter.builder("anemometer.bids")
              .description("bids judged by this server")
              .tag("result", outcome.accepted() ? "accepted" : "rejected")
              .tag("outcome", outcome.name())
              .register(meters));
    }
  }

  void judged(BidOutcome outcome) {
    counters.get(outcome).increment();
  }
}
