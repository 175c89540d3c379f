package dev.anemometer.auction.image;

import dev.anemometer.auction.system.cache.CachedWeight;

/** Bytes of one size of one image, as cached and served. */
record StoredImage(long itemId, String contentType, String etag, byte[] data)
    implements CachedWeight {

  @Override
  public int weightBytes() {
    return data.length + 128;
  }
}
