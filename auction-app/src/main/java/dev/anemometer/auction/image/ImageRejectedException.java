package dev.anemometer.auction.image;

/** An upload that is not a picture we can decode, or one too large to decode safely. */
public class ImageRejectedException extends Exception {

  private final boolean tooLarge;

  ImageRejectedException(String message, boolean tooLarge) {
    super(message);
    this.tooLarge = tooLarge;
  }

  /** True when the picture decodes but has more pixels than allowed. */
  public boolean tooLarge() {
    return tooLarge;
  }
}
