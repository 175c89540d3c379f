package dev.anemometer.driver.syntax;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.exc.PropertyBindingException;

/**
 * Where in a bound file a value went wrong, in the form errors name it ({@code
 * targets[0].loadPath.segments[1].step}), for the driver's run file and the harness's configuration
 * alike.
 */
public final class BindingPaths {

  /** A message that starts by naming the field it is about: {@code "step: must not exceed …"}. */
  private static final Pattern NAMES_A_FIELD =
      Pattern.compile("^[A-Za-z][A-Za-z0-9]*: .*", Pattern.DOTALL);

  private BindingPaths() {}

  /** One line for a binding failure: the path, and what the value broke. */
  public static String describe(JacksonException e) {
    String path = path(e.getPath());
    if (e instanceof InvalidTypeIdException typeId) {
      return typeIdProblem(path, typeId);
    }
    if (e instanceof PropertyBindingException unknown) {
      return unknownKey(path, unknown);
    }
    if (e instanceof InvalidFormatException invalid && invalid.getTargetType() == Duration.class) {
      return at(path, "'" + invalid.getValue() + "' is not " + DurationSyntax.EXPECTED);
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root instanceof IllegalArgumentException && root != e) {
      return at(path, root.getMessage());
    }
    return at(path, e.getOriginalMessage().lines().findFirst().orElse(""));
  }

  /** The path of Jackson's references: property names joined by dots, indexes in brackets. */
  public static String path(List<JacksonException.Reference> references) {
    return path(references, (list, index) -> index);
  }

  /** Where a list element's index in the bound tree is not the one the file gives it. */
  @FunctionalInterface
  public interface IndexInFile {

    /**
     * @param list the path of the list, as written so far
     * @param index the element's index in the bound tree
     */
    int of(String list, int index);
  }

  /** The path with each list index as {@code indexInFile} maps it. */
  public static String path(List<JacksonException.Reference> references, IndexInFile indexInFile) {
    StringBuilder path = new StringBuilder();
    for (JacksonException.Reference reference : references) {
      if (reference.getPropertyName() != null) {
        if (!path.isEmpty()) {
          path.append('.');
        }
        path.append(reference.getPropertyName());
      } else if (reference.getIndex() >= 0) {
        int index = indexInFile.of(path.toString(), reference.getIndex());
        path.append('[').append(index).append(']');
      }
    }
    return path.toString();
  }

  /**
   * {@code message} at {@code path}; a message that names a field of the value at {@code path} (a
   * record's own check, such as {@code "step: must not exceed duration"}) names it under the path.
   */
  public static String at(String path, String message) {
    if (path.isEmpty()) {
      return message;
    }
    return path + (NAMES_A_FIELD.matcher(message).matches() ? "." : ": ") + message;
  }

  /** A key the value at {@code path} does not have, with the keys it has. */
  public static String unknownKey(String path, PropertyBindingException e) {
    TreeSet<String> names = new TreeSet<>();
    if (e.getKnownPropertyIds() != null) {
      e.getKnownPropertyIds().forEach(name -> names.add(String.valueOf(name)));
    }
    return path + ": unknown key; accepted: " + String.join(", ", names);
  }

  /** A {@code type} that is missing or names no known shape, with the shapes there are. */
  public static String typeIdProblem(String path, InvalidTypeIdException e) {
    String accepted = accepted(e.getBaseType() == null ? null : e.getBaseType().getRawClass());
    String field = path.isEmpty() ? "type" : path + ".type";
    if (e.getTypeId() == null || e.getTypeId().isBlank()) {
      return field + ": is required; one of: " + accepted;
    }
    return field + ": '" + e.getTypeId() + "' is not one of: " + accepted;
  }

  private static String accepted(Class<?> base) {
    JsonSubTypes types = base == null ? null : base.getAnnotation(JsonSubTypes.class);
    if (types == null) {
      return "?";
    }
    return Arrays.stream(types.value())
        .map(JsonSubTypes.Type::name)
        .collect(Collectors.joining(", "));
  }
}
