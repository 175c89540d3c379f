package dev.anemometer.auction.user;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** The body of POST /api/login; the username is the account's e-mail. */
record LoginRequest(
    @NotBlank @Size(max = 100) String username, @NotBlank @Size(max = 100) String password) {}
