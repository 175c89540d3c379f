package dev.anemometer.harness.config;

import dev.anemometer.driver.syntax.BindingPaths;
import dev.anemometer.driver.syntax.DurationSyntax;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.PropertyBindingException;

/** Turns a Jackson binding failure into one line that names the path and what it accepts. */
final class BindingErrors {

  private BindingErrors() {}

  static String describe(JacksonException e) {
    return describe(e, BindingPaths.path(e.getPath()));
  }

  /** As {@link #describe(JacksonException)}, at {@code path} as the file writes it. */
  static String describe(JacksonException e, String path) {
    if (e instanceof PropertyBindingException unknown) {
      return BindingPaths.unknownKey(path, unknown);
    }
    if (e instanceof InvalidTypeIdException typeId) {
      return BindingPaths.typeIdProblem(path, typeId);
    }
    Throwable root = rootCause(e);
    if (root instanceof IllegalArgumentException && root != e) {
      return BindingPaths.at(path, root.getMessage());
    }
    if (e instanceof InvalidFormatException invalid) {
      String expected = expectation(invalid.getTargetType());
      return path
          + ": "
          + quoted(invalid.getValue())
          + (expected.startsWith("is not") ? " " + expected : " is not " + expected);
    }
    if (e instanceof MismatchedInputException mismatched) {
      String expected = expectation(mismatched.getTargetType());
      if (String.valueOf(e.getOriginalMessage()).contains("`null`")) {
        return path + ": is required (" + expected.replaceFirst("^is not ", "") + ")";
      }
      return path
          + ": "
          + (expected.startsWith("is not")
              ? "must be" + expected.substring(6)
              : "expected " + expected);
    }
    if (e.getLocation() != null) {
      return "YAML syntax error at line "
          + e.getLocation().getLineNr()
          + ", column "
          + e.getLocation().getColumnNr()
          + ": "
          + e.getOriginalMessage().lines().findFirst().orElse("");
    }
    return (path.isEmpty() ? "configuration" : path) + ": " + e.getOriginalMessage();
  }

  private static String expectation(Class<?> type) {
    if (type == null) {
      return "a value of another type";
    }
    if (type.isEnum()) {
      return "is not one of: " + ConfigName.acceptedValues(type);
    }
    if (type == Duration.class) {
      return "is not " + DurationSyntax.EXPECTED;
    }
    if (type == Size.class) {
      return "is not " + Size.EXPECTED;
    }
    if (type == int.class || type == Integer.class || type == long.class) {
      return "a whole number";
    }
    if (type == double.class || type == Double.class) {
      return "a number";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == String.class) {
      return "a single value (text)";
    }
    if (Collection.class.isAssignableFrom(type)) {
      return "a list";
    }
    if (Map.class.isAssignableFrom(type) || type.isRecord()) {
      return "a mapping of keys to values";
    }
    return type.getSimpleName();
  }

  private static String quoted(Object value) {
    return value instanceof String ? "'" + value + "'" : String.valueOf(value);
  }

  private static Throwable rootCause(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause;
  }
}
