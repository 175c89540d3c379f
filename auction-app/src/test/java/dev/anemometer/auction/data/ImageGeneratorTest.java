package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ImageGeneratorTest {

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  @Test
  void drawsEachPictureAsJpegInThumbnailPreviewAndFullSize() throws IOException {
    ImageGenerator.Picture picture = new ImageGenerator().picture(3);
    BufferedImage thumbnail = decode(picture.thumbnail());
    BufferedImage preview = decode(picture.preview());
    BufferedImage full = decode(picture.full());
    assertThat(Math.max(thumbnail.getWidth(), thumbnail.getHeight())).isLessThanOrEqualTo(100);
    assertThat(Math.max(preview.getWidth(), preview.getHeight())).isLessThanOrEqualTo(350);
    assertThat(full.getWidth()).isEqualTo(ImageGenerator.FULL_WIDTH);
    assertThat(full.getHeight()).isEqualTo(ImageGenerator.FULL_HEIGHT);
    assertThat(picture.thumbnail().length).isLessThan(picture.preview().length);
    assertThat(picture.preview().length).isLessThan(picture.full().length);
  }

  @Test
  void theSameNumberGivesTheSamePictureAndOtherNumbersOthers() {
    ImageGenerator generator = new ImageGenerator();
    assertThat(generator.picture(7).full()).isEqualTo(generator.picture(7).full());
    assertThat(generator.picture(7).full()).isNotEqualTo(generator.picture(8).full());
  }

  private static BufferedImage decode(byte[] jpeg) throws IOException {
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
    assertThat(image).as("a decodable JPEG").isNotNull();
    return image;
  }
}
