package dev.anemometer.auction.image;

/** The three sizes every item image is stored in, bounded by their longer edge. */
public enum ImageSize {
  THUMBNAIL(100, "thumbnail_content_id"),
  PREVIEW(350, "preview_content_id"),
  /** The upload itself, only shrunk when it exceeds this edge, to keep the database small. */
  FULL(1024, "full_content_id");

  private final int maxEdgePixels;
  private final String column;

  ImageSize(int maxEdgePixels, String column) {
    this.maxEdgePixels = maxEdgePixels;
    this.column = column;
  }

  public int maxEdgePixels() {
    return maxEdgePixels;
  }

  /** The item_image column that points at this size's bytes. */
  String column() {
    return column;
  }
}
