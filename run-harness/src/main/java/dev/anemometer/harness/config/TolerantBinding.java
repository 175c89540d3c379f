package dev.anemometer.harness.config;

import dev.anemometer.driver.syntax.BindingPaths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Binds a configuration tree so that a user fixing a file sees every mistake at once: a value that
 * does not bind is reported and taken out, so that its record's default stands in for it, and
 * binding goes on. The validation of what did bind then adds its own errors, except those about the
 * values already reported.
 */
final class TolerantBinding {

  /** More than this and the file is not a configuration: the first ones say enough. */
  static final int MAX_ERRORS = 25;

  private final List<String> errors = new ArrayList<>();
  private final List<String> reportedPaths = new ArrayList<>();

  /** Per list, as the file writes its path, the indexes of the elements taken out. */
  private final Map<String, TreeSet<Integer>> takenOut = new HashMap<>();

  /**
   * @param validate the semantic checks of a bound configuration, as one line per error
   * @return the configuration when it binds and validates
   * @throws ConfigException with every error found
   */
  AnemometerConfig bind(JsonNode given, Function<AnemometerConfig, List<String>> validate) {
    JsonNode tree = given.deepCopy();
    while (true) {
      try {
        AnemometerConfig config = ConfigMapper.yaml().treeToValue(tree, AnemometerConfig.class);
        errors.addAll(validationErrors(config, validate));
        if (errors.isEmpty()) {
          return config;
        }
        throw new ConfigException(errors);
      } catch (JacksonException e) {
        String path = writtenPath(e.getPath());
        boolean again = reportedPaths.contains(path);
        if (!again) {
          errors.add(BindingErrors.describe(e, path));
          reportedPaths.add(path);
        }
        if (again || errors.size() >= MAX_ERRORS || !replace(tree, e.getPath())) {
          throw new ConfigException(errors);
        }
      }
    }
  }

  /**
   * The validator's errors, but none about a value already reported and taken out. Checks that trip
   * over a value taken out (they may assume a default there) say nothing more.
   */
  private List<String> validationErrors(
      AnemometerConfig config, Function<AnemometerConfig, List<String>> validate) {
    List<String> found;
    try {
      found = validate.apply(config);
    } catch (RuntimeException partialConfig) {
      if (errors.isEmpty()) {
        throw partialConfig;
      }
      return List.of();
    }
    return found.stream().filter(error -> !aboutReported(error)).toList();
  }

  /** About a reported value, or about the value holding it (which lacks it now). */
  private boolean aboutReported(String error) {
    int colon = error.indexOf(':');
    String errorPath = colon < 0 ? error : error.substring(0, colon);
    for (String path : reportedPaths) {
      if (!errorPath.isEmpty()
          && path.startsWith(errorPath)
          && path.length() > errorPath.length()
          && ".[".indexOf(path.charAt(errorPath.length())) >= 0) {
        return true;
      }
      if (!path.isEmpty()
          && error.startsWith(path)
          && (error.length() == path.length()
              || ":.[ ".indexOf(error.charAt(path.length())) >= 0)) {
        return true;
      }
    }
    return false;
  }

  /** Takes the node at {@code path} out; false when there is no such node. */
  private boolean replace(JsonNode tree, List<JacksonException.Reference> path) {
    if (path.isEmpty()) {
      return false;
    }
    JsonNode parent = tree;
    for (JacksonException.Reference step : path.subList(0, path.size() - 1)) {
      parent = child(parent, step);
      if (parent == null) {
        return false;
      }
    }
    JacksonException.Reference last = path.get(path.size() - 1);
    if (parent instanceof ObjectNode object && last.getPropertyName() != null) {
      if (!object.has(last.getPropertyName())) {
        return false;
      }
      object.remove(last.getPropertyName());
      return true;
    }
    if (parent instanceof ArrayNode array
        && last.getIndex() >= 0
        && last.getIndex() < array.size()) {
      String list = writtenPath(path.subList(0, path.size() - 1));
      takenOut
          .computeIfAbsent(list, key -> new TreeSet<>())
          .add(writtenIndex(list, last.getIndex()));
      array.remove(last.getIndex());
      return true;
    }
    return false;
  }

  /**
   * The path of a value as the file writes it: an index counts the elements of its list taken out
   * before it, so that the next error in the list names the element the user wrote.
   */
  private String writtenPath(List<JacksonException.Reference> path) {
    return BindingPaths.path(path, this::writtenIndex);
  }

  private int writtenIndex(String list, int index) {
    int written = index;
    for (int out : takenOut.getOrDefault(list, new TreeSet<>())) {
      if (out <= written) {
        written++;
      }
    }
    return written;
  }

  private static JsonNode child(JsonNode node, JacksonException.Reference step) {
    if (step.getPropertyName() != null && node.isObject()) {
      return node.get(step.getPropertyName());
    }
    if (step.getIndex() >= 0 && node.isArray()) {
      return node.get(step.getIndex());
    }
    return null;
  }
}
