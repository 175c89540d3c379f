/**
 * How Anemometer's files spell what they hold, for the driver's run file and the harness's
 * configuration alike: durations with units, the paths that errors name, and a key's default as the
 * reference states it. Depends on no other package of the driver, so that every one may use it.
 */
package dev.anemometer.driver.syntax;
