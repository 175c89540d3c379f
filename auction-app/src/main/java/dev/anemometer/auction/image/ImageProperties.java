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
 */
@ConfigurationProperties("anemometer.image")
public record ImageProperties(
    @DefaultValue("2MB") DataSize maxUploadSize,
    @DefaultValue("0.85") float jpegQuality,
    @DefaultValue("16000000") long maxSourcePixels) {

  public ImageResizer newResizer() {
    return new ImageResizer(jpegQuality, maxSourcePixels);
  }
}
