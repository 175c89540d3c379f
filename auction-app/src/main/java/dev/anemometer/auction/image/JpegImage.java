package dev.anemometer.auction.image;

/**
 * One encoded size of a picture, ready for {@code image_content}: its bytes and the ETag (hex
 * SHA-256 of the bytes, 64 characters, stable across app servers and reloads).
 */
public record JpegImage(
    ImageSize size, int widthPixels, int heightPixels, byte[] bytes, String etag) {

  public static final String CONTENT_TYPE = "image/jpeg";
}
