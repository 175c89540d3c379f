package dev.anemometer.driver.output;

import dev.anemometer.driver.run.TargetResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code acknowledged-bids.csv}: every bid the app answered with 201, one row each, so that a run
 * can be audited by hand against the database ({@code bid.id}, {@code bid.amount}, …).
 */
final class AcknowledgedBidsCsv {

  static final String FILE = "acknowledged-bids.csv";
  static final String HEADER = "target,bid_id,item_id,bidder_id,amount,outcome";

  private AcknowledgedBidsCsv() {}

  static void write(Path directory, List<TargetResult> targets) {
    try (BufferedWriter out = Files.newBufferedWriter(directory.resolve(FILE))) {
      out.write(HEADER);
      out.newLine();
      StringBuilder row = new StringBuilder(64);
      for (TargetResult target : targets) {
        target
            .acknowledgedBids()
            .forEach(
                (bidId, itemId, bidderId, amountCents, outcome) -> {
                  row.setLength(0);
                  row.append(target.id()).append(',').append(bidId).append(',').append(itemId);
                  row.append(',').append(bidderId).append(',');
                  appendAmount(row, amountCents);
                  row.append(',').append(outcome).append('\n');
                  try {
                    out.append(row);
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                });
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + directory.resolve(FILE), e);
    }
  }

  /** Cents as a decimal with two places, as the app stores it ({@code 1234} → {@code 12.34}). */
  static void appendAmount(StringBuilder row, long amountCents) {
    if (amountCents < 0) {
      row.append('-');
    }
    long cents = Math.abs(amountCents);
    row.append(cents / 100).append('.');
    long fraction = cents % 100;
    if (fraction < 10) {
      row.append('0');
    }
    row.append(fraction);
  }
}
