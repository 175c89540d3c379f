package dev.anemometer.auction.support;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * A PNG of a few dozen bytes whose header claims 100,000 × 100,000 pixels: decoding it naively
 * would allocate 40 GB. The upload path must refuse it from the header alone.
 */
public final class PixelBomb {

  private PixelBomb() {}

  public static byte[] png() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    ByteBuffer header = ByteBuffer.allocate(13);
    header.putInt(100_000).putInt(100_000).put((byte) 8).put((byte) 2).put((byte) 0);
    header.put((byte) 0).put((byte) 0);
    chunk(out, "IHDR", header.array());
    chunk(out, "IEND", new byte[0]);
    return out.toByteArray();
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
    byte[] name = type.getBytes(StandardCharsets.US_ASCII);
    out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
    out.writeBytes(name);
    out.writeBytes(data);
    CRC32 crc = new CRC32();
    crc.update(name);
    crc.update(data);
    out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
  }
}
