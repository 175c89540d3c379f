package dev.anemometer.driver.loadpath.simulation;

import java.util.SplittableRandom;

/**
 * A stack whose response times rise with its load through a queueing knee. Each operation's
 * response time is exponential with mean {@code service / (1 - utilisation)} (an M/M/1 server, the
 * service time the {@link NoiseModel}'s), plus the backlog of work that an overload queued and that
 * drains only when the load drops below the service rate. The machine's busy share is the
 * utilisation, up to 100 %, scattered by the noise model's points. The utilisation is the users
 * over those the stack serves at its current pace.
 *
 * <p>The pace moves as the {@link NoiseModel} says: a little every second, a little every minute, a
 * slow swing over the run, a cold start, and a loss after an overload that fades after the backlog
 * drained.
 */
final class StackModel {

  /** How far the M/M/1 term goes past the knee; the backlog takes over beyond it. */
  static final double MAX_UTILISATION = 0.995;

  /** A backlog this long counts as an overload: it starts the aftermath and the retries. */
  static final double OVERLOAD_BACKLOG_SECONDS = 2;

  /** What a user asks of the stack, on average. */
  static final double OPERATIONS_PER_USER_SECOND = 0.5;

  /** How long the work of a user's arrival takes to land (time constant). */
  static final double ARRIVAL_SECONDS = 15;

  /** How long the per-window share of the pace holds. */
  static final double WINDOW_NOISE_SECONDS = 60;

  private final double saturationUsers;
  private final NoiseModel noise;
  private final SplittableRandom random;
  private final double driftPhase;
  private double backlogSeconds;
  private double aftermath;
  private double windowPace = 1;
  private double windowPaceUntil;
  private double lastUsers;
  private double arrivalUsers;

  StackModel(double saturationUsers, NoiseModel noise, SplittableRandom random) {
    this.saturationUsers = saturationUsers;
    this.noise = noise;
    this.random = random;
    this.driftPhase = random.nextDouble() * 2 * Math.PI;
  }

  /** One second of load at {@code users}, {@code atSeconds} into the run. */
  Tick tick(double users, double atSeconds) {
    double pace = pace(atSeconds);
    double load = backlogSeconds > OVERLOAD_BACKLOG_SECONDS ? 1 + noise.retryShare() : 1;
    double arrived = Math.max(0, users - lastUsers);
    lastUsers = users;
    arrivalUsers =
        arrivalUsers * Math.exp(-1 / ARRIVAL_SECONDS)
            + arrived * noise.arrivalUserSeconds() / ARRIVAL_SECONDS;
    double utilisation = (users * load + arrivalUsers) / (saturationUsers * pace);
    backlogSeconds = Math.max(0, backlogSeconds + utilisation - 1);
    if (backlogSeconds > OVERLOAD_BACKLOG_SECONDS) {
      aftermath = noise.aftermathShare();
    } else {
      aftermath *= Math.exp(-1 / noise.aftermathSeconds());
    }
    double queueing = noise.serviceSeconds() / (1 - Math.min(utilisation, MAX_UTILISATION));
    double busy = 100 * Math.min(1, utilisation) + noise.busySigmaPoints() * random.nextGaussian();
    double successes = OPERATIONS_PER_USER_SECOND * users * Math.min(1, 1 / utilisation);
    return new Tick(users, queueing + backlogSeconds, Math.max(0, Math.min(100, busy)), successes);
  }

  private double pace(double atSeconds) {
    if (atSeconds >= windowPaceUntil) {
      windowPace = Math.exp(noise.windowSigma() * random.nextGaussian());
      windowPaceUntil = atSeconds + WINDOW_NOISE_SECONDS;
    }
    double cold = 1 - noise.coldShare() * Math.exp(-atSeconds / noise.coldSeconds());
    double drift =
        1
            + noise.driftShare()
                * Math.sin(2 * Math.PI * atSeconds / noise.driftPeriodSeconds() + driftPhase);
    double second = Math.exp(noise.tickSigma() * random.nextGaussian());
    return cold * drift * windowPace * second * (1 - aftermath);
  }

  /**
   * One second of a stack: its users (operations are in proportion), the mean response time of its
   * operations, the machine's busy share and the operations it completed.
   */
  record Tick(
      double users, double meanResponseSeconds, double busyPercent, double successesPerSecond) {}
}
