package dev.anemometer.harness.deploy;

/**
 * A tier process the harness started, as CPU is measured per tier.
 *
 * @param tier db, app, lb or web
 * @param appInstance the app instance it serves
 * @param name its name in logs (instance-0-app-1)
 */
public record TierProcess(String tier, int appInstance, String name, long pid) {}
