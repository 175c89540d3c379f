package dev.anemometer.harness.deploygen;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The committed {@code docker/} and {@code k8s/} trees, generated from the presets through the same
 * topology and tuning model as a run: {@code docker/} holds the {@code local} preset, {@code k8s/}
 * the cluster presets. A golden test keeps the committed files equal to this output.
 */
public final class DeployFiles {

  public static final String COMPOSE_PRESET = "local";
  public static final List<String> KUBERNETES_PRESETS = List.of("micro", "xsmall", "small");

  /** The Dockerfiles of every tier's image and the scripts they copy, as committed in docker/. */
  static final List<String> IMAGE_FILES =
      List.of(
          "auction-app.Dockerfile",
          "workload-driver.Dockerfile",
          "postgres.Dockerfile",
          "nginx.Dockerfile",
          "haproxy.Dockerfile",
          "prepare-data.sh",
          "postgres-start.sh");

  /** The preset the kustomize base is rendered from: it has every tier the others may drop. */
  static final String BASE_PRESET = "xsmall";

  private DeployFiles() {}

  /** Every generated file by its path relative to the repository root. */
  public static Map<String, String> generate() {
    TuningCalculator calculator = new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES);
    Map<String, String> staticFiles = staticFiles();
    Map<String, String> files = new LinkedHashMap<>();
    for (String name : IMAGE_FILES) {
      files.put("docker/" + name, resource("deploygen/" + name));
    }
    ComposeFiles.render(model(COMPOSE_PRESET, calculator), staticFiles)
        .forEach((path, text) -> files.put("docker/" + path, text));
    List<StackModel> presets =
        KUBERNETES_PRESETS.stream().map(name -> model(name, calculator)).toList();
    KustomizeFiles.render(model(BASE_PRESET, calculator), presets, staticFiles)
        .forEach((path, text) -> files.put("k8s/" + path, text));
    return files;
  }

  public static void write(Map<String, String> files, Path root) {
    files.forEach(
        (path, text) -> {
          Path file = root.resolve(path);
          try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
          } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
          }
        });
  }

  static StackModel model(String preset, TuningCalculator calculator) {
    AnemometerConfig config = new ConfigLoader().load(null, preset, List.of());
    return StackModel.of(config, 0, calculator);
  }

  /** The home page and its assets, which nginx serves without the app. */
  public static Map<String, String> staticFiles() {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("index.html", resource("static/index.html"));
    files.put("auction.css", resource("static/static/auction.css"));
    files.put("logo.svg", resource("static/static/logo.svg"));
    return files;
  }

  static String resource(String name) {
    try (InputStream in = DeployFiles.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
