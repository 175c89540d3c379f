package dev.anemometer.driver.operation;

import java.math.BigDecimal;
import java.util.List;

/**
 * What a {@link JsonShape} read from one body: each wanted field's value, or absent when the body
 * lacked it or held something of another kind (a string where a number belongs reads as absent).
 */
final class JsonFields {

  private final JsonShape shape;
  private final Object[] values;

  JsonFields(JsonShape shape, Object[] values) {
    this.shape = shape;
    this.values = values;
  }

  private Object value(String name) {
    int index = shape.indexOf(name);
    if (index < 0) {
      throw new IllegalArgumentException("field " + name + " is not in the shape read");
    }
    return values[index];
  }

  /** An integral number, or {@code absent}. */
  long longOr(String name, long absent) {
    return value(name) instanceof Long number ? number : absent;
  }

  boolean hasLong(String name) {
    return value(name) instanceof Long;
  }

  /** A string, or {@code absent}. */
  String stringOr(String name, String absent) {
    return value(name) instanceof String text ? text : absent;
  }

  /** A number as a decimal, or {@code null}. */
  BigDecimal decimalOrNull(String name) {
    return JsonShape.decimal(value(name));
  }

  /** A nested object, or {@code null}. */
  JsonFields object(String name) {
    return value(name) instanceof JsonFields object ? object : null;
  }

  /** An array of objects, or {@code null} when there was none. */
  @SuppressWarnings("unchecked")
  List<JsonFields> objects(String name) {
    return value(name) instanceof List<?> list ? (List<JsonFields>) list : null;
  }

  /** The integral numbers of an array; empty when there was none. */
  @SuppressWarnings("unchecked")
  List<Long> longs(String name) {
    return value(name) instanceof List<?> list ? (List<Long>) list : List.of();
  }
}
