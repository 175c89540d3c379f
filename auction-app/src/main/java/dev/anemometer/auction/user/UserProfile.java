package dev.anemometer.auction.user;

import java.math.BigDecimal;

/** What GET /api/users/{id} answers. */
public record UserProfile(
    long id,
    String email,
    String firstName,
    String lastName,
    BigDecimal creditLimit,
    String state) {}
