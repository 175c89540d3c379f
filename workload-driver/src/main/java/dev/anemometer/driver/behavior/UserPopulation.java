package dev.anemometer.driver.behavior;

/**
 * The simulated users driving one target. The load path sets how many are active; users beyond that
 * count finish their current operation, log out and go idle.
 */
public interface UserPopulation extends AutoCloseable {

  /** Activates or parks users so that {@code users} are active. Safe from any thread. */
  void setActiveUsers(int users);

  int activeUsers();

  /** Stops every user and closes their sessions. */
  @Override
  void close();
}
