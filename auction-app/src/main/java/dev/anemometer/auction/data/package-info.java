/**
 * The data tooling of the auction application, run from its jar without starting Spring: {@code
 * data load --max-users U} fills an empty database with the dataset of SPEC §2.4 (parallel COPY
 * streams, ids laid out by {@link dev.anemometer.auction.data.DatasetLayout}, generated JPEG
 * pictures shared between items), {@code data reset} removes what runs added above the recorded
 * watermarks and restarts the live auctions, {@code data check --users N} tells a harness whether
 * the loaded dataset is big enough. Entry point: {@link dev.anemometer.auction.data.DataCommand}.
 */
package dev.anemometer.auction.data;
