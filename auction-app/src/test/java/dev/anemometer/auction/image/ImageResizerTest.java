package dev.anemometer.auction.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.auction.support.PixelBomb;
import dev.anemometer.auction.support.TestImages;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class ImageResizerTest {

  private final ImageResizer resizer = new ImageResizer(0.85f, 16_000_000);

  @Test
  void everySizeFitsItsBoundAndKeepsTheAspectRatio() throws Exception {
    BufferedImage source = resizer.decode(TestImages.encoded(2000, 1000, "png"));

    Map<ImageSize, JpegImage> sizes = resizer.allSizes(source);

    assertThat(sizes.get(ImageSize.THUMBNAIL)).satisfies(j -> assertDimensions(j, 100, 50));
    assertThat(sizes.get(ImageSize.PREVIEW)).satisfies(j -> assertDimensions(j, 350, 175));
    assertThat(sizes.get(ImageSize.FULL)).satisfies(j -> assertDimensions(j, 1024, 512));
  }

  @Test
  void smallPicturesAreNeverEnlarged() throws Exception {
    BufferedImage source = resizer.decode(TestImages.encoded(80, 60, "jpeg"));

    assertDimensions(resizer.encode(source, ImageSize.FULL), 80, 60);
  }

  @Test
  void etagIsTheHexSha256OfTheBytes() throws Exception {
    JpegImage image =
        resizer.encode(resizer.decode(TestImages.encoded(50, 50, "png")), ImageSize.THUMBNAIL);

    assertThat(image.etag()).hasSize(64).isEqualTo(ImageResizer.etagOf(image.bytes()));
  }

  @Test
  void textIsNotAPicture() {
    assertThatThrownBy(() -> resizer.decode("hello".getBytes()))
        .isInstanceOf(ImageRejectedException.class)
        .satisfies(e -> assertThat(((ImageRejectedException) e).tooLarge()).isFalse());
  }

  @Test
  void aPixelBombIsRefusedBeforeDecoding() {
    assertThatThrownBy(() -> resizer.decode(PixelBomb.png()))
        .isInstanceOf(ImageRejectedException.class)
        .satisfies(e -> assertThat(((ImageRejectedException) e).tooLarge()).isTrue());
  }

  private static void assertDimensions(JpegImage image, int width, int height) {
    try {
      BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(image.bytes()));
      assertThat(decoded.getWidth()).isEqualTo(width);
      assertThat(decoded.getHeight()).isEqualTo(height);
      assertThat(image.widthPixels()).isEqualTo(width);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
