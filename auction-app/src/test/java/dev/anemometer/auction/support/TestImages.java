package dev.anemometer.auction.support;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Pictures drawn in memory, for uploads and fixtures. */
public final class TestImages {

  private TestImages() {}

  public static BufferedImage picture(int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setPaint(new GradientPaint(0, 0, Color.ORANGE, width, height, Color.BLUE));
      g.fillRect(0, 0, width, height);
      g.setColor(Color.WHITE);
      g.fillOval(width / 4, height / 4, width / 2, height / 2);
    } finally {
      g.dispose();
    }
    return image;
  }

  /** The picture encoded in a format ImageIO writes: "jpeg" or "png". */
  public static byte[] encoded(int width, int height, String format) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(picture(width, height), format, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
