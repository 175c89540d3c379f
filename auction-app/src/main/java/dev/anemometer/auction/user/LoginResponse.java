package dev.anemometer.auction.user;

/** A successful login: who the caller is and the bearer token for every later call. */
record LoginResponse(long userId, String token) {}
