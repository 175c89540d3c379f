package dev.anemometer.driver.operation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The acknowledged bids of one target, kept in chunks of primitive arrays: a bid costs 33 bytes and
 * no object. One lock guards appends; at a few thousand bids per second spread over a handful of
 * event loops it is almost never contended, which is cheaper than per-thread buffers to merge.
 */
public final class AcknowledgedBids implements AcknowledgedBidSink {

  private static final int CHUNK_BIDS = 4096;
  private static final int FIELDS = 4;
  private static final int MAX_OUTCOMES = Byte.MAX_VALUE;

  private final List<long[]> values = new ArrayList<>();
  private final List<byte[]> outcomeCodes = new ArrayList<>();
  private final List<String> outcomes = new ArrayList<>();
  private int size;

  @Override
  public synchronized void acknowledged(
      long bidId, long itemId, long bidderId, long amountCents, String outcome) {
    int slot = size % CHUNK_BIDS;
    if (slot == 0) {
      values.add(new long[CHUNK_BIDS * FIELDS]);
      outcomeCodes.add(new byte[CHUNK_BIDS]);
    }
    long[] chunk = values.get(values.size() - 1);
    int at = slot * FIELDS;
    chunk[at] = bidId;
    chunk[at + 1] = itemId;
    chunk[at + 2] = bidderId;
    chunk[at + 3] = amountCents;
    outcomeCodes.get(outcomeCodes.size() - 1)[slot] = code(outcome);
    size++;
  }

  public synchronized int size() {
    return size;
  }

  /**
   * Replays every bid recorded so far into {@code visitor}, in the order they were acknowledged.
   * Bids acknowledged meanwhile are not visited; the appending threads are not held up.
   */
  public void forEach(AcknowledgedBidSink visitor) {
    long[][] valueChunks;
    byte[][] codeChunks;
    String[] names;
    int count;
    synchronized (this) {
      valueChunks = values.toArray(new long[0][]);
      codeChunks = outcomeCodes.toArray(new byte[0][]);
      names = outcomes.toArray(new String[0]);
      count = size;
    }
    for (int i = 0; i < count; i++) {
      long[] chunk = valueChunks[i / CHUNK_BIDS];
      int slot = i % CHUNK_BIDS;
      int at = slot * FIELDS;
      visitor.acknowledged(
          chunk[at],
          chunk[at + 1],
          chunk[at + 2],
          chunk[at + 3],
          names[codeChunks[i / CHUNK_BIDS][slot]]);
    }
  }

  /** Adds every bid of {@code other} (another worker's share of the same target). */
  public void addAll(AcknowledgedBids other) {
    other.forEach(this);
  }

  @Override
  public String toString() {
    return "AcknowledgedBids[" + size() + "]";
  }

  /** The outcomes are a handful of enum names: a linear search beats hashing them. */
  private byte code(String outcome) {
    for (int i = 0; i < outcomes.size(); i++) {
      if (outcomes.get(i).equals(outcome)) {
        return (byte) i;
      }
    }
    if (outcomes.size() == MAX_OUTCOMES) {
      throw new IllegalStateException(
          "more than "
              + MAX_OUTCOMES
              + " distinct bid outcomes: "
              + Arrays.toString(outcomes.toArray()));
    }
    outcomes.add(outcome);
    return (byte) (outcomes.size() - 1);
  }
}
