package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.postgresql.copy.CopyIn;

class CopyWriterTest {

  /** Collects what would go to the server; the server side is covered by the ITs. */
  private static final class BytesCopyIn implements CopyIn {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    long rows;

    @Override
    public void writeToCopy(byte[] buf, int off, int siz) {
      bytes.write(buf, off, siz);
    }

    @Override
    public void writeToCopy(org.postgresql.util.ByteStreamWriter from) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void flushCopy() {}

    @Override
    public long endCopy() {
      rows = bytes.toString(StandardCharsets.UTF_8).lines().count();
      return rows;
    }

    @Override
    public int getFieldCount() {
      return 0;
    }

    @Override
    public int getFormat() {
      return 0;
    }

    @Override
    public int getFieldFormat(int field) {
      return 0;
    }

    @Override
    public boolean isActive() {
      return true;
    }

    @Override
    public void cancelCopy() {}

    @Override
    public long getHandledRowCount() {
      return rows;
    }
  }

  @Test
  void writesTextFormatRowsWithEscapesNullsCentsAndHexBytes() throws SQLException {
    BytesCopyIn copy = new BytesCopyIn();
    LongAdder rows = new LongAdder();
    CopyWriter writer = new CopyWriter(copy, rows);
    writer
        .number(-42)
        .cents(123_405)
        .cents(7)
        .text("tab\there\\ new\nline é")
        .nullValue()
        .bytes(new byte[] {0, (byte) 0xff, 0x1a})
        .timestamp(0)
        .endRow();
    writer.number(0).endRow();
    assertThat(writer.finish()).isEqualTo(2);
    assertThat(rows.sum()).isEqualTo(2);
    assertThat(copy.bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "-42\t1234.05\t0.07\ttab\\there\\\\ new\\nline é\t\\N\t\\\\x00ff1a"
                + "\t1970-01-01 00:00:00+00\n0\n");
  }

  @Test
  void longRowsSpanManyBufferFlushes() throws SQLException {
    BytesCopyIn copy = new BytesCopyIn();
    CopyWriter writer = new CopyWriter(copy, new LongAdder());
    byte[] picture = new byte[200_000];
    writer.bytes(picture).endRow();
    writer.finish();
    assertThat(copy.bytes.size()).isEqualTo(3 + 2 * picture.length + 1);
  }

  @Test
  void timestampsMatchTheJdkFormatter() {
    DateTimeFormatter formatter =
        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'+00'").withZone(ZoneOffset.UTC);
    SplittableRandom random = new SplittableRandom(7);
    byte[] target = new byte[32];
    for (int i = 0; i < 10_000; i++) {
      long epochSecond = random.nextLong(0, 4_102_444_800L);
      int length = TimestampText.write(epochSecond, target, 0);
      assertThat(new String(target, 0, length, StandardCharsets.US_ASCII))
          .isEqualTo(formatter.format(Instant.ofEpochSecond(epochSecond)));
    }
  }
}
