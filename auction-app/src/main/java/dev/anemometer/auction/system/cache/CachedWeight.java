package dev.anemometer.auction.system.cache;

/** A cached value that knows its size in bytes, so that a byte-bounded cache can weigh it. */
public interface CachedWeight {

  int weightBytes();

  static int of(Object value) {
    return value instanceof CachedWeight weighted ? Math.max(1, weighted.weightBytes()) : 1;
  }
}
