package dev.anemometer.auction.system.web;

import dev.anemometer.auction.system.security.AuthenticatedUser;

/** The owner-only rule of /api/users/{id}/…: anyone else gets 403. */
public final class Owners {

  private Owners() {}

  public static void requireOwner(AuthenticatedUser caller, long userId) {
    if (!caller.owns(userId)) {
      throw ApiException.forbidden("only user " + userId + " may see or change this resource");
    }
  }
}
