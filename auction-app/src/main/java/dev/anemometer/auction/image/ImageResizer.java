package dev.anemometer.auction.image;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Decodes a picture and encodes it as JPEG in the three {@link ImageSize}s. Shared by uploads and
 * the data loader, so that loaded and uploaded images look alike. Thread-safe; headless AWT only.
 */
public final class ImageResizer {

  private final float jpegQuality;
  private final long maxSourcePixels;

  /**
   * @param jpegQuality 0..1, as ImageIO's JPEG writer takes it
   * @param maxSourcePixels width × height above which {@link #decode} refuses a picture before
   *     allocating it (a tiny file may declare a huge canvas)
   */
  public ImageResizer(float jpegQuality, long maxSourcePixels) {
    if (jpegQuality <= 0 || jpegQuality > 1) {
      throw new IllegalArgumentException("jpegQuality must be in (0, 1], was " + jpegQuality);
    }
    this.jpegQuality = jpegQuality;
    this.maxSourcePixels = maxSourcePixels;
  }

  /** Any format ImageIO reads (JPEG, PNG, GIF, BMP), checked for size before decoding. */
  public BufferedImage decode(byte[] bytes) throws ImageRejectedException {
    try (ImageInputStream input = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
      Iterator<ImageReader> readers = input == null ? null : ImageIO.getImageReaders(input);
      if (readers == null || !readers.hasNext()) {
        throw new ImageRejectedException("the upload is not an image", false);
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(input, true, true);
        long pixels = (long) reader.getWidth(0) * reader.getHeight(0);
        if (pixels > maxSourcePixels || pixels <= 0) {
          throw new ImageRejectedException(
              "the image has " + pixels + " pixels, at most " + maxSourcePixels + " allowed", true);
        }
        return reader.read(0);
      } finally {
        reader.dispose();
      }
    } catch (IOException | RuntimeException e) {
      // ImageIO's decoders signal corrupt input with all sorts of runtime exceptions.
      throw new ImageRejectedException("the image cannot be decoded", false);
    }
  }

  /** The picture in every size, smallest first. */
  public Map<ImageSize, JpegImage> allSizes(BufferedImage source) {
    Map<ImageSize, JpegImage> sizes = new EnumMap<>(ImageSize.class);
    for (ImageSize size : ImageSize.values()) {
      sizes.put(size, encode(source, size));
    }
    return sizes;
  }

  /** The picture shrunk (never enlarged) to fit {@code size}, as JPEG. */
  public JpegImage encode(BufferedImage source, ImageSize size) {
    BufferedImage scaled = scale(source, size.maxEdgePixels());
    byte[] bytes = writeJpeg(scaled);
    return new JpegImage(size, scaled.getWidth(), scaled.getHeight(), bytes, etagOf(bytes));
  }

  /** Hex SHA-256 of the bytes: 64 characters, fits {@code image_content.etag}. */
  public static String etagOf(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static BufferedImage scale(BufferedImage source, int maxEdge) {
    double factor =
        Math.min(1.0, (double) maxEdge / Math.max(source.getWidth(), source.getHeight()));
    int width = Math.max(1, (int) Math.round(source.getWidth() * factor));
    int height = Math.max(1, (int) Math.round(source.getHeight() * factor));
    BufferedImage current = toRgb(source);
    // Halving steps keep thumbnails from aliasing the way a single bilinear step would.
    while (current.getWidth() / 2 >= width && current.getHeight() / 2 >= height) {
      current = draw(current, current.getWidth() / 2, current.getHeight() / 2);
    }
    if (current.getWidth() != width || current.getHeight() != height) {
      current = draw(current, width, height);
    }
    return current;
  }

  private static BufferedImage toRgb(BufferedImage source) {
    if (source.getType() == BufferedImage.TYPE_INT_RGB) {
      return source;
    }
    return draw(source, source.getWidth(), source.getHeight());
  }

  private static BufferedImage draw(BufferedImage source, int width, int height) {
    BufferedImage target = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = target.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
      g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
      g.setColor(Color.WHITE); // JPEG has no alpha: transparent pixels become white
      g.fillRect(0, 0, width, height);
      g.drawImage(source, 0, 0, width, height, null);
    } finally {
      g.dispose();
    }
    return target;
  }

  private byte[] writeJpeg(BufferedImage image) {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
    try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(jpegQuality);
      writer.setOutput(stream);
      writer.write(null, new IIOImage(image, null, null), param);
    } catch (IOException e) {
      throw new UncheckedIOException("writing JPEG to memory", e);
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }
}
