package dev.anemometer.harness.config;

import java.time.Duration;

/**
 * How a run is judged and how long its phases last (SPEC §3.2, §3.4).
 *
 * @param percentile share of operations that must meet their response-time limit
 * @param interval length of one QoS period
 */
public record QosSpec(
    double percentile,
    Duration interval,
    Duration rampUp,
    Duration warmUp,
    int qosPeriods,
    Duration rampDown) {}
