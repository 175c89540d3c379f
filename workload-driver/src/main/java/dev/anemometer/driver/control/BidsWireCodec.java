package dev.anemometer.driver.control;

import dev.anemometer.driver.operation.AcknowledgedBids;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterOutputStream;

/**
 * A worker's acknowledged bids on the wire: per bid the bid id as a delta to the previous one, the
 * item, bidder and amount as variable-length integers and an outcome index, all deflated and in
 * Base64. Ids rise almost in step, so 100,000 bids take a few hundred kilobytes, not megabytes.
 */
final class BidsWireCodec {

  private BidsWireCodec() {}

  static WireFormat.EncodedBids encode(AcknowledgedBids bids) {
    List<String> outcomes = new ArrayList<>();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int[] count = new int[1];
    long[] previousBidId = new long[1];
    try (DeflaterOutputStream out = new DeflaterOutputStream(bytes)) {
      bids.forEach(
          (bidId, itemId, bidderId, amountCents, outcome) -> {
            int code = outcomes.indexOf(outcome);
            if (code < 0) {
              outcomes.add(outcome);
              code = outcomes.size() - 1;
            }
            writeSigned(out, bidId - previousBidId[0]);
            writeSigned(out, itemId);
            writeSigned(out, bidderId);
            writeSigned(out, amountCents);
            writeSigned(out, code);
            previousBidId[0] = bidId;
            count[0]++;
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new WireFormat.EncodedBids(
        count[0], outcomes, Base64.getEncoder().encodeToString(bytes.toByteArray()));
  }

  /** Appends the decoded bids to {@code into}. */
  static void decode(WireFormat.EncodedBids encoded, AcknowledgedBids into) {
    byte[] raw = inflate(Base64.getDecoder().decode(encoded.data()));
    int[] at = {0};
    long bidId = 0;
    for (int i = 0; i < encoded.count(); i++) {
      bidId += readSigned(raw, at);
      long itemId = readSigned(raw, at);
      long bidderId = readSigned(raw, at);
      long amountCents = readSigned(raw, at);
      String outcome = encoded.outcomes().get((int) readSigned(raw, at));
      into.acknowledged(bidId, itemId, bidderId, amountCents, outcome);
    }
  }

  /** Zig-zag, then seven bits a byte: small magnitudes of either sign take one or two bytes. */
  private static void writeSigned(DeflaterOutputStream out, long value) {
    long zigzag = (value << 1) ^ (value >> 63);
    try {
      while ((zigzag & ~0x7FL) != 0) {
        out.write((int) ((zigzag & 0x7F) | 0x80));
        zigzag >>>= 7;
      }
      out.write((int) zigzag);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long readSigned(byte[] raw, int[] at) {
    long zigzag = 0;
    for (int shift = 0; ; shift += 7) {
      if (at[0] >= raw.length || shift > 63) {
        throw new IllegalArgumentException("acknowledged bids: truncated or corrupt data");
      }
      byte b = raw[at[0]++];
      zigzag |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return (zigzag >>> 1) ^ -(zigzag & 1);
      }
    }
  }

  private static byte[] inflate(byte[] deflated) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(deflated.length * 4);
    try (InflaterOutputStream out = new InflaterOutputStream(bytes)) {
      out.write(deflated);
    } catch (IOException e) {
      throw new IllegalArgumentException("acknowledged bids: not deflated data", e);
    }
    return bytes.toByteArray();
  }
}
