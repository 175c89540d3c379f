package dev.anemometer.auction.system.security;

/**
 * The caller of a request, resolved from its bearer token. Declare it as a controller method
 * parameter to require authentication; a request without a valid token answers 401.
 */
public record AuthenticatedUser(long userId, String token) {

  public boolean owns(long resourceUserId) {
    return userId == resourceUserId;
  }
}
