package dev.anemometer.driver.control;

import dev.anemometer.driver.operation.AcknowledgedBids;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.Inflater;

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
    if (encoded.count() < 0 || encoded.data() == null || encoded.outcomes() == null) {
      throw new IllegalArgumentException("acknowledged bids: count, outcomes and data required");
    }
    byte[] raw;
    try {
      raw = inflate(Base64.getDecoder().decode(encoded.data()), maxBytes(encoded.count()));
    } catch (IllegalArgumentException notBase64) {
      String message = notBase64.getMessage();
      throw message.startsWith("acknowledged bids")
          ? notBase64
          : new IllegalArgumentException("acknowledged bids: " + message);
    }
    int[] at = {0};
    long bidId = 0;
    for (int i = 0; i < encoded.count(); i++) {
      bidId += readSigned(raw, at);
      long itemId = readSigned(raw, at);
      long bidderId = readSigned(raw, at);
      long amountCents = readSigned(raw, at);
      long code = readSigned(raw, at);
      if (code < 0 || code >= encoded.outcomes().size()) {
        throw new IllegalArgumentException("acknowledged bids: outcome index out of range");
      }
      String outcome = encoded.outcomes().get((int) code);
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

  /** Five variable-length integers of at most ten bytes each per bid: no more may inflate. */
  private static long maxBytes(int count) {
    return (long) count * 5 * 10;
  }

  /**
   * Inflates at most {@code maxBytes}: a few kilobytes of deflated zeros would otherwise fill the
   * controller's heap.
   */
  private static byte[] inflate(byte[] deflated, long maxBytes) {
    Inflater inflater = new Inflater();
    inflater.setInput(deflated);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] chunk = new byte[64 * 1024];
    try {
      while (!inflater.finished()) {
        int n = inflater.inflate(chunk);
        // An empty stream ends (finished) with no output and all its input taken: not truncated.
        if (n == 0
            && !inflater.finished()
            && (inflater.needsInput() || inflater.needsDictionary())) {
          throw new IllegalArgumentException("acknowledged bids: truncated deflated data");
        }
        if (bytes.size() + (long) n > maxBytes) {
          throw new IllegalArgumentException(
              "acknowledged bids: inflate to more than the " + maxBytes + " bytes of their count");
        }
        bytes.write(chunk, 0, n);
      }
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("acknowledged bids: not deflated data");
    } finally {
      inflater.end();
    }
    return bytes.toByteArray();
  }
}
