package dev.anemometer.auction.item;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;

/** The body of POST /api/items; limits match the columns, so the database never refuses it. */
record AddItemRequest(
    @NotBlank @Size(max = 100) String shortDescription,
    @NotBlank @Size(max = 2000) String longDescription,
    @NotBlank @Size(max = 100) String manufacturer,
    @NotNull ItemCondition condition,
    @NotNull
        @DecimalMin(value = "0.01", message = "must be at least 0.01")
        @DecimalMax(value = "1000000000", message = "must be at most 1000000000")
        @Digits(integer = 10, fraction = 2, message = "must have at most 10 digits and 2 decimals")
        BigDecimal startingBid) {}
