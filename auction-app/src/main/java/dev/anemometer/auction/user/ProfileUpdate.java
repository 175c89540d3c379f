package dev.anemometer.auction.user;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * The body of PUT /api/users/{id}. The e-mail is the login name and the credit limit belongs to the
 * auction engine, so neither can be changed here; unknown members are ignored.
 */
record ProfileUpdate(
    @NotBlank @Size(max = 50) String firstName, @NotBlank @Size(max = 50) String lastName) {}
