package dev.anemometer.driver.operation;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;

/**
 * The fields of a JSON object that an operation reads, and the one streaming pass that reads them:
 * every other field is skipped unread, so that a page of items costs the few values the driver
 * follows (ids, image ids, a high bid) instead of a tree of every name, description and date in it.
 * Shapes are built once and shared; reading touches no shared state.
 */
final class JsonShape {

  /** Reads nothing, but still checks that the body is one well-formed JSON value. */
  static final JsonShape NONE = new JsonShape(new String[0], new Kind[0], new JsonShape[0]);

  enum Kind {
    /** A string, integral or decimal number; anything else reads as absent. */
    SCALAR,
    /** An array of integral numbers; other elements are left out. */
    LONGS,
    /** A nested object of a given shape. */
    OBJECT,
    /** An array of objects of a given shape; other elements are left out. */
    OBJECTS
  }

  private final String[] names;
  private final Kind[] kinds;
  private final JsonShape[] nested;

  private JsonShape(String[] names, Kind[] kinds, JsonShape[] nested) {
    this.names = names;
    this.kinds = kinds;
    this.nested = nested;
  }

  static Builder of(String... scalars) {
    Builder builder = new Builder();
    for (String name : scalars) {
      builder.add(name, Kind.SCALAR, null);
    }
    return builder;
  }

  int indexOf(String name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** The body's fields of this shape; a body that is not an object has none of them. */
  JsonFields read(byte[] body) {
    try (JsonParser parser = Exchange.JSON.createParser(body)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new StreamReadException(parser, "no JSON value");
      }
      if (first != JsonToken.START_OBJECT) {
        parser.skipChildren();
        return new JsonFields(this, new Object[names.length]);
      }
      return readObject(parser);
    }
  }

  private JsonFields readObject(JsonParser parser) {
    Object[] values = new Object[names.length];
    while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
      int index = indexOf(parser.currentName());
      JsonToken token = parser.nextToken();
      if (index < 0) {
        parser.skipChildren();
        continue;
      }
      values[index] = value(index, token, parser);
    }
    return new JsonFields(this, values);
  }

  private Object value(int index, JsonToken token, JsonParser parser) {
    Kind kind = kinds[index];
    if (kind == Kind.SCALAR) {
      return scalar(token, parser);
    }
    if (kind == Kind.OBJECT && token == JsonToken.START_OBJECT) {
      return nested[index].readObject(parser);
    }
    if ((kind == Kind.LONGS || kind == Kind.OBJECTS) && token == JsonToken.START_ARRAY) {
      return kind == Kind.LONGS ? longs(parser) : nested[index].objects(parser);
    }
    parser.skipChildren();
    return null;
  }

  private static Object scalar(JsonToken token, JsonParser parser) {
    return switch (token) {
      case VALUE_STRING -> parser.getString();
      case VALUE_NUMBER_INT -> parser.getLongValue();
      case VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
      default -> {
        parser.skipChildren();
        yield null;
      }
    };
  }

  private static List<Long> longs(JsonParser parser) {
    List<Long> values = new ArrayList<>(4);
    JsonToken token;
    while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
      if (token == JsonToken.VALUE_NUMBER_INT) {
        values.add(parser.getLongValue());
      } else {
        parser.skipChildren();
      }
    }
    return values;
  }

  private List<JsonFields> objects(JsonParser parser) {
    List<JsonFields> values = new ArrayList<>();
    JsonToken token;
    while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
      if (token == JsonToken.START_OBJECT) {
        values.add(readObject(parser));
      } else {
        parser.skipChildren();
      }
    }
    return values;
  }

  static final class Builder {
    private final List<String> names = new ArrayList<>();
    private final List<Kind> kinds = new ArrayList<>();
    private final List<JsonShape> nested = new ArrayList<>();

    Builder longs(String name) {
      return add(name, Kind.LONGS, null);
    }

    Builder object(String name, JsonShape shape) {
      return add(name, Kind.OBJECT, shape);
    }

    Builder objects(String name, JsonShape shape) {
      return add(name, Kind.OBJECTS, shape);
    }

    /** Adds every field of another shape at this level, as an answer that inlines an item. */
    Builder with(JsonShape other) {
      for (int i = 0; i < other.names.length; i++) {
        add(other.names[i], other.kinds[i], other.nested[i]);
      }
      return this;
    }

    private Builder add(String name, Kind kind, JsonShape shape) {
      if (names.contains(name)) {
        throw new IllegalArgumentException("field " + name + " twice in one shape");
      }
      names.add(name);
      kinds.add(kind);
      nested.add(shape);
      return this;
    }

    JsonShape build() {
      return new JsonShape(
          names.toArray(String[]::new),
          kinds.toArray(Kind[]::new),
          nested.toArray(JsonShape[]::new));
    }
  }

  static BigDecimal decimal(Object value) {
    if (value instanceof Long number) {
      return BigDecimal.valueOf(number);
    }
    return value instanceof BigDecimal decimal ? decimal : null;
  }
}
