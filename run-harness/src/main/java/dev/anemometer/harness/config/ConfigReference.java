package dev.anemometer.harness.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * The configuration's reference files under a project root, as the records say they should read:
 * the JSON Schema, and {@code docs/configuration.md} with its key tables rendered again (the prose
 * between them is the file's own).
 */
public final class ConfigReference {

  public static final String MARKDOWN = "docs/configuration.md";

  private ConfigReference() {}

  /** Each file's path under the root and the text it should have. */
  public static Map<String, String> render(Path root) {
    ObjectNode schema = ConfigSchema.generate();
    Map<String, String> files = new LinkedHashMap<>();
    files.put(ConfigSchema.FILE, schema.toPrettyString() + "\n");
    files.put(MARKDOWN, ConfigKeyTables.render(read(root.resolve(MARKDOWN)), schema));
    return files;
  }

  /** The files that differ from what the records say, by path. */
  public static List<String> stale(Path root) {
    List<String> stale = new ArrayList<>();
    render(root)
        .forEach(
            (path, text) -> {
              Path file = root.resolve(path);
              if (!Files.exists(file) || !read(file).equals(text)) {
                stale.add(path);
              }
            });
    return stale;
  }

  public static void write(Path root) {
    render(root)
        .forEach(
            (path, text) -> {
              try {
                Files.writeString(root.resolve(path), text);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
