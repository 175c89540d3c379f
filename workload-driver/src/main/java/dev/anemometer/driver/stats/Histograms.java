package dev.anemometer.driver.stats;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Histogram helpers. Values are microseconds with 3 significant digits (0.1 % resolution), the
 * histograms resize themselves, and merging adds counts, so merged results are exact.
 */
public final class Histograms {

  static final int SIGNIFICANT_DIGITS = 3;

  private Histograms() {}

  public static Histogram empty() {
    Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
    histogram.setAutoResize(true);
    return histogram;
  }

  /** An independent, resizable copy. */
  public static Histogram copyOf(Histogram source) {
    Histogram copy = empty();
    copy.add(source);
    copy.setStartTimeStamp(source.getStartTimeStamp());
    copy.setEndTimeStamp(source.getEndTimeStamp());
    return copy;
  }

  /** A new histogram holding every value of both; neither argument changes. */
  public static Histogram sum(Histogram a, Histogram b) {
    Histogram sum = empty();
    sum.add(a);
    sum.add(b);
    sum.setStartTimeStamp(minPositive(a.getStartTimeStamp(), b.getStartTimeStamp()));
    sum.setEndTimeStamp(Math.max(a.getEndTimeStamp(), b.getEndTimeStamp()));
    return sum;
  }

  /** Compressed HdrHistogram encoding in Base64, for JSON transport between driver nodes. */
  public static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
  }

  public static Histogram decode(String base64) {
    try {
      ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
      Histogram decoded = Histogram.decodeFromCompressedByteBuffer(buffer, 0);
      Histogram histogram = empty();
      histogram.add(decoded);
      return histogram;
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
    }
  }

  private static long minPositive(long a, long b) {
    if (a <= 0) {
      return b;
    }
    return b <= 0 ? a : Math.min(a, b);
  }
}
