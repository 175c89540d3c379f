package dev.anemometer.auction.image;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code anemometer.image.*}.
 *
 * @param maxUploadSize larger uploads answer 413 (also the multipart limits, see application.yml)
 * @param jpegQuality 0..1 for the stored sizes
 * @param maxSourcePixels uploads declaring more pixels are refused before they are decoded
 * @param maxConcurrentDecodes uploads decoded at once by one server; more answer 503
 */
@ConfigurationProperties("anemometer.image")
public record ImageProperties(
    @DefaultValue("2MB") DataSize maxUploadSize,
    @DefaultValue("0.85") float jpegQuality,
    @DefaultValue("16000000") long maxSourcePixels,
    @DefaultValue("2") int maxConcurrentDecodes) {

  public ImageProperties {
    if (maxConcurrentDecodes < 1) {
      throw new IllegalArgumentException(
          "anemometer.image.max-concurrent-decodes: must be ≥ 1 (got "
              + maxConcurrentDecodes
              + ")");
    }
  }

  public ImageResizer newResizer() {
    return new ImageResizer(jpegQuality, maxSourcePixels);
  }
}
