package dev.anemometer.harness.config;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The size presets of SPEC §5, kept as YAML files under {@code presets/} in the resources. */
public final class Presets {

  /** A preset's name and what it is for, as {@code anemometer presets} lists them. */
  public record Preset(String name, String summary) {}

  private static final List<Preset> ALL =
      List.of(
          new Preset(
              "quickstart",
              "100 users / 300 maxUsers; app ×1, nginx and HAProxy when installed, embedded"
                  + " PostgreSQL; a first run in about 3 minutes"),
          new Preset(
              "local",
              "1,000 users / 3,000 maxUsers; nginx ×1, HAProxy ×1, app ×2, embedded PostgreSQL;"
                  + " the single-machine reference"),
          new Preset(
              "soak",
              "3,000 users / 9,000 maxUsers (about 70 % of the local peak), the local tiers, for"
                  + " 60 minutes with resources sampled; flags leaks and p99 drift"),
          new Preset(
              "micro",
              "200 users / 3,000 maxUsers; nginx ×1, app ×1, PostgreSQL; smallest cluster size"),
          new Preset(
              "xsmall", "1,000 users / 12,000 maxUsers; nginx ×1, HAProxy ×1, app ×2, PostgreSQL"),
          new Preset(
              "small", "2,000 users / 25,000 maxUsers; nginx ×1, HAProxy ×1, app ×3, PostgreSQL"));

  private Presets() {}

  public static List<Preset> all() {
    return ALL;
  }

  public static Optional<Preset> find(String name) {
    return ALL.stream().filter(preset -> preset.name().equals(name)).findFirst();
  }

  public static String names() {
    return String.join(", ", ALL.stream().map(Preset::name).toList());
  }

  static JsonNode tree(String name) {
    return resource("presets/" + name + ".yaml");
  }

  static JsonNode resource(String path) {
    try (InputStream in = Presets.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + path);
      }
      return ConfigMapper.yaml().readTree(in);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read resource " + path, e);
    }
  }
}
