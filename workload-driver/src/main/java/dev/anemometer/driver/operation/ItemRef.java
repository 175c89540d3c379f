package dev.anemometer.driver.operation;

import java.util.List;

/** An item the user has seen, with the ids of its images (possibly none). */
record ItemRef(long itemId, List<Long> imageIds) {

  ItemRef {
    imageIds = List.copyOf(imageIds);
  }
}
