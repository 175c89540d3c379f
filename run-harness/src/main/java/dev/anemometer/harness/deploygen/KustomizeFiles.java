package dev.anemometer.harness.deploygen;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code k8s/}: a kustomize base holding every workload, and per size preset an overlay with that
 * preset's rendered configurations and patches for what the tuning model sizes differently
 * (replicas, JVM flags, requests and limits, data size, driver workers).
 */
final class KustomizeFiles {

  private KustomizeFiles() {}

  static Map<String, String> render(
      StackModel base, List<StackModel> presets, Map<String, String> staticFiles) {
    Map<String, String> files = new LinkedHashMap<>();
    Map<String, List<HasMetadata>> workloads = KubernetesManifests.workloads(base);
    workloads.forEach((name, objects) -> files.put("base/" + name, manifest(objects)));
    String what = "base: every tier of one app instance; see the overlays";
    List<String> resources = List.copyOf(workloads.keySet());
    files.put("base/kustomization.yaml", kustomization(what, resources, List.of()));
    for (StackModel preset : presets) {
      overlay(preset, staticFiles)
          .forEach((name, text) -> files.put("overlays/" + preset.presetName() + "/" + name, text));
    }
    return files;
  }

  private static Map<String, String> overlay(StackModel preset, Map<String, String> staticFiles) {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("configs.yaml", manifest(KubernetesManifests.configMaps(preset, staticFiles)));
    files.put("patches.yaml", manifest(Patches.forPreset(preset)));
    String what =
        "the %s preset: %d users, data for %d"
            .formatted(preset.presetName(), preset.users(), preset.maxUsers());
    List<String> resources = List.of("../../base", "configs.yaml");
    files.put("kustomization.yaml", kustomization(what, resources, patches(preset)));
    return files;
  }

  private static String manifest(List<?> objects) {
    return GeneratedHeader.yaml() + ManifestYaml.documents(objects);
  }

  /** The overlay's patch file, and inline the deletions of tiers the preset does not have. */
  private static List<Map<String, String>> patches(StackModel preset) {
    List<Map<String, String>> patches = new ArrayList<>();
    patches.add(Map.of("path", "patches.yaml"));
    if (!preset.hasLb()) {
      Patches.withoutLoadBalancer()
          .forEach(patch -> patches.add(Map.of("patch", ManifestYaml.document(patch))));
    }
    return patches;
  }

  private static String kustomization(
      String what, List<String> resources, List<Map<String, String>> patches) {
    Map<String, Object> kustomization = new LinkedHashMap<>();
    kustomization.put("apiVersion", "kustomize.config.k8s.io/v1beta1");
    kustomization.put("kind", "Kustomization");
    kustomization.put("resources", resources);
    if (!patches.isEmpty()) {
      kustomization.put("patches", patches);
    }
    return GeneratedHeader.yaml() + "# " + what + "\n" + ManifestYaml.document(kustomization);
  }
}
