package dev.anemometer.auction.data;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Draws item pictures (a gradient, translucent shapes and a caption) and encodes each as JPEG in
 * the three sizes the application serves. Generated rather than downloaded, so a load needs no
 * network and every picture is different; the same number always gives the same picture.
 */
final class ImageGenerator {

  static final int FULL_WIDTH = 800;
  static final int FULL_HEIGHT = 600;
  static final int PREVIEW_WIDTH = 350;
  static final int THUMBNAIL_WIDTH = 100;
  private static final float JPEG_QUALITY = 0.85f;
  private static final int SHAPES = 14;

  /** One picture's JPEG bytes in each size. */
  record Picture(byte[] thumbnail, byte[] preview, byte[] full) {}

  Picture picture(int number) {
    BufferedImage full = draw(number);
    return new Picture(
        jpeg(scaled(full, THUMBNAIL_WIDTH)), jpeg(scaled(full, PREVIEW_WIDTH)), jpeg(full));
  }

  private static BufferedImage draw(int number) {
    SplittableRandom random = new SplittableRandom(0xA11E_0000L + number);
    BufferedImage image = new BufferedImage(FULL_WIDTH, FULL_HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setPaint(
          new GradientPaint(0, 0, color(random, 255), FULL_WIDTH, FULL_HEIGHT, color(random, 255)));
      g.fillRect(0, 0, FULL_WIDTH, FULL_HEIGHT);
      for (int i = 0; i < SHAPES; i++) {
        drawShape(g, random);
      }
      g.setColor(new Color(255, 255, 255, 210));
      g.fillRoundRect(40, FULL_HEIGHT - 130, FULL_WIDTH - 80, 90, 30, 30);
      g.setColor(Color.DARK_GRAY);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 48));
      g.drawString("Anemometer lot " + (number + 1), 70, FULL_HEIGHT - 68);
    } finally {
      g.dispose();
    }
    return image;
  }

  private static void drawShape(Graphics2D g, SplittableRandom random) {
    g.setColor(color(random, random.nextInt(90, 220)));
    int x = random.nextInt(-100, FULL_WIDTH);
    int y = random.nextInt(-100, FULL_HEIGHT);
    int width = random.nextInt(60, 400);
    int height = random.nextInt(60, 400);
    switch (random.nextInt(4)) {
      case 0 -> g.fillOval(x, y, width, height);
      case 1 -> g.fillRect(x, y, width, height);
      case 2 ->
          g.fillPolygon(
              new int[] {x, x + width, x + random.nextInt(width)},
              new int[] {y + height, y + height, y},
              3);
      default -> {
        g.setStroke(new BasicStroke(random.nextInt(4, 24)));
        g.drawLine(x, y, x + width, y + height);
      }
    }
  }

  private static Color color(SplittableRandom random, int alpha) {
    return new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256), alpha);
  }

  private static BufferedImage scaled(BufferedImage source, int width) {
    int height = Math.round((float) source.getHeight() * width / source.getWidth());
    BufferedImage target = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = target.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
      g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
      g.drawImage(source, 0, 0, width, height, null);
    } finally {
      g.dispose();
    }
    return target;
  }

  private static byte[] jpeg(BufferedImage image) {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * 1024);
    try (MemoryCacheImageOutputStream output = new MemoryCacheImageOutputStream(bytes)) {
      writer.setOutput(output);
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(JPEG_QUALITY);
      writer.write(null, new IIOImage(image, null, null), param);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot encode a generated picture as JPEG", e);
    } finally {
      writer.dispose();
    }
    return bytes.toByteArray();
  }
}
