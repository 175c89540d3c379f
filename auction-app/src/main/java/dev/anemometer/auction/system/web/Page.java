package dev.anemometer.auction.system.web;

import java.util.List;

/** One page of a list, as every paged endpoint answers it. */
public record Page<T>(int page, int size, long total, List<T> items) {

  public Page {
    items = List.copyOf(items);
  }
}
