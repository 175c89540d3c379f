package dev.anemometer.harness.deploygen;

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
    Map<String, String> workloads = KubernetesManifests.workloads(base);
    StringBuilder kustomization = header("base: every tier of one app instance; see the overlays");
    kustomization.append("resources:\n");
    workloads.forEach(
        (name, yaml) -> {
          files.put("base/" + name, GeneratedHeader.yaml() + yaml);
          kustomization.append("  - ").append(name).append('\n');
        });
    files.put("base/kustomization.yaml", kustomization.toString());
    for (StackModel preset : presets) {
      String dir = "overlays/" + preset.presetName() + "/";
      files.put(
          dir + "configs.yaml",
          GeneratedHeader.yaml()
              + KubernetesManifests.configMaps(preset, staticFiles).substring(4));
      files.put(dir + "patches.yaml", GeneratedHeader.yaml() + Patches.forPreset(preset));
      StringBuilder overlay =
          header(
              "the "
                  + preset.presetName()
                  + " preset: "
                  + preset.users()
                  + " users, data for "
                  + preset.maxUsers());
      overlay.append("resources:\n  - ../../base\n  - configs.yaml\n");
      overlay.append("patches:\n  - path: patches.yaml\n");
      if (!preset.hasLb()) {
        overlay.append(
            """
              - patch: |-
                  $patch: delete
                  apiVersion: apps/v1
                  kind: Deployment
                  metadata: {name: haproxy}
              - patch: |-
                  $patch: delete
                  apiVersion: v1
                  kind: Service
                  metadata: {name: haproxy}
            """);
      }
      files.put(dir + "kustomization.yaml", overlay.toString());
    }
    return files;
  }

  private static StringBuilder header(String what) {
    return new StringBuilder(GeneratedHeader.yaml())
        .append("# ")
        .append(what)
        .append("\napiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n");
  }
}
