package dev.anemometer.auction.system.web;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * The {@code ?page&size} of a paged list, bound from query parameters. Declare it {@code @Valid} in
 * a controller: out-of-range values answer 400 with the field named.
 */
public record PageParams(
    @Min(value = 0, message = "must be 0 or more") Integer page,
    @Min(value = 1, message = "must be between 1 and " + PageParams.MAX_SIZE)
        @Max(value = PageParams.MAX_SIZE, message = "must be between 1 and " + PageParams.MAX_SIZE)
        Integer size) {

  public static final int MAX_SIZE = 100;
  public static final int DEFAULT_SIZE = 5;

  public int pageOrDefault() {
    return page == null ? 0 : page;
  }

  public int sizeOrDefault() {
    return size == null ? DEFAULT_SIZE : size;
  }

  /** Long, because a large page times a large size overflows an int. */
  public long offset() {
    return (long) pageOrDefault() * sizeOrDefault();
  }

  public <T> Page<T> page(long total, java.util.List<T> items) {
    return new Page<>(pageOrDefault(), sizeOrDefault(), total, items);
  }
}
