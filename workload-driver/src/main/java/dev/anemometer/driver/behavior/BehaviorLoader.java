package dev.anemometer.driver.behavior;

import dev.anemometer.driver.syntax.BindingPaths;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** Reads behaviour files: bundled ones by name from the classpath, others by path. */
final class BehaviorLoader {

  private static final YAMLMapper YAML =
      YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private BehaviorLoader() {}

  static Behavior load(String nameOrPath) {
    Behavior sent = SentBehaviors.get(nameOrPath);
    if (sent != null) {
      return sent;
    }
    String resource = "behaviors/" + nameOrPath + ".yaml";
    if (!nameOrPath.contains("/") && !nameOrPath.contains("\\")) {
      try (InputStream in = BehaviorLoader.class.getClassLoader().getResourceAsStream(resource)) {
        if (in != null) {
          return parse(nameOrPath, in.readAllBytes());
        }
      } catch (IOException e) {
        throw new BehaviorException(nameOrPath, List.of("cannot read: " + e.getMessage()));
      }
    }
    Path file = Path.of(nameOrPath);
    if (!Files.isRegularFile(file)) {
      throw new BehaviorException(
          nameOrPath, List.of("no bundled behaviour of that name and no such file"));
    }
    try {
      return parse(file.toString(), Files.readAllBytes(file));
    } catch (IOException e) {
      throw new BehaviorException(nameOrPath, List.of("cannot read: " + e.getMessage()));
    }
  }

  /** True when {@code name} is a behaviour of this jar, not a file. */
  static boolean isBundled(String name) {
    return name != null
        && name.matches("[A-Za-z0-9_-]{1,64}")
        && BehaviorLoader.class.getClassLoader().getResource("behaviors/" + name + ".yaml") != null;
  }

  static Behavior parse(String source, byte[] yaml) {
    BehaviorSpec spec;
    try {
      spec = YAML.readValue(yaml, BehaviorSpec.class);
    } catch (JacksonException e) {
      throw new BehaviorException(source, List.of(describe(e)));
    }
    if (spec == null) {
      throw new BehaviorException(source, List.of("the file is empty"));
    }
    return new BehaviorValidator(source).compile(spec);
  }

  /** {@code states.Login.next[0].wieght: unknown field} rather than Jackson's paragraph. */
  private static String describe(JacksonException e) {
    String path = BindingPaths.path(e.getPath());
    String message = e.getOriginalMessage();
    if (message.startsWith("Unrecognized property")) {
      message = "unknown field";
    } else {
      int cut = message.indexOf('\n');
      message = cut < 0 ? message : message.substring(0, cut);
    }
    return (path.isEmpty() ? "(file)" : path) + ": " + message;
  }
}
