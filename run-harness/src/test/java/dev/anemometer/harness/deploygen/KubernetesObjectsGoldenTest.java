package dev.anemometer.harness.deploygen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.tuning.TuningCalculator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The committed k8s/ files and the generated ones hold the same objects, compared as fabric8
 * objects rather than as text: a change in how YAML is written (order, quoting, flow or block
 * style) passes, a change in what is deployed fails and names the object.
 */
class KubernetesObjectsGoldenTest {

  @Test
  void everyGeneratedManifestHoldsTheCommittedObjects() throws Exception {
    Path root = RepoFiles.root();
    Map<String, String> generated = DeployFiles.generate();
    List<String> manifests =
        generated.keySet().stream()
            .filter(p -> p.startsWith("k8s/") && !p.endsWith("kustomization.yaml"))
            .toList();
    assertThat(manifests).hasSizeGreaterThan(10);
    SoftAssertions softly = new SoftAssertions();
    for (String path : manifests) {
      List<HasMetadata> committed = parse(read(root, path));
      List<HasMetadata> fresh = parse(generated.get(path));
      assertThat(names(fresh)).as(path + ": objects and their order").isEqualTo(names(committed));
      for (int i = 0; i < committed.size(); i++) {
        softly
            .assertThat(fresh.get(i))
            .withFailMessage(
                "%s: %s differs%ncommitted:%n%s%ngenerated:%n%s",
                path, names(committed).get(i), json(committed.get(i)), json(fresh.get(i)))
            .isEqualTo(committed.get(i));
      }
    }
    softly.assertAll();
  }

  /**
   * The kubernetes target applies objects, not files: for the preset the base is rendered from,
   * they are the committed base and that preset's ConfigMaps, read back from YAML.
   */
  @Test
  void theLiveApplyDeploysWhatTheCommittedFilesSay() throws Exception {
    Path root = RepoFiles.root();
    StackModel base =
        DeployFiles.model(
            DeployFiles.BASE_PRESET, new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES));
    List<HasMetadata> committed =
        new ArrayList<>(
            parse(read(root, "k8s/overlays/" + DeployFiles.BASE_PRESET + "/configs.yaml")));
    for (String file : KubernetesManifests.workloads(base).keySet()) {
      committed.addAll(parse(read(root, "k8s/base/" + file)));
    }
    List<HasMetadata> applied =
        KubernetesManifests.objects(
            base, "run-password", "run-token", DeployFiles.staticFiles(), List.of("nginx"));
    HasMetadata secret =
        applied.stream().filter(o -> o.getKind().equals("Secret")).findFirst().orElseThrow();
    assertThat(((io.fabric8.kubernetes.api.model.Secret) secret).getStringData())
        .as("a run brings its own Secret, which no committed file holds")
        .containsEntry("db-password", "run-password")
        .containsEntry("driver-token", "run-token");
    List<HasMetadata> workloads = applied.stream().filter(o -> o != secret).toList();

    assertThat(names(workloads)).isEqualTo(names(committed));
    assertThat(workloads).isEqualTo(committed);
  }

  @Test
  void everyKustomizationHoldsTheCommittedEntriesAndPatches() throws Exception {
    Path root = RepoFiles.root();
    Map<String, String> generated = DeployFiles.generate();
    List<String> kustomizations =
        generated.keySet().stream().filter(p -> p.endsWith("kustomization.yaml")).toList();
    assertThat(kustomizations).hasSize(1 + DeployFiles.KUBERNETES_PRESETS.size());
    for (String path : kustomizations) {
      Map<String, Object> committed = tree(read(root, path));
      Map<String, Object> fresh = tree(generated.get(path));
      assertThat(fresh.keySet()).as(path).containsExactlyElementsOf(committed.keySet());
      assertThat(fresh.get("resources")).as(path).isEqualTo(committed.get("resources"));
      assertThat(inlinePatches(fresh)).as(path).isEqualTo(inlinePatches(committed));
      assertThat(patchFiles(fresh)).as(path).isEqualTo(patchFiles(committed));
    }
  }

  private static List<HasMetadata> parse(String yaml) {
    return KubernetesManifestsTest.parse(yaml);
  }

  private static String read(Path root, String path) throws Exception {
    return Files.readString(root.resolve(path));
  }

  private static String json(HasMetadata object) {
    return KubernetesManifestsTest.SERIALIZATION.asJson(object);
  }

  private static List<String> names(List<HasMetadata> objects) {
    return objects.stream().map(o -> o.getKind() + "/" + o.getMetadata().getName()).toList();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> tree(String yaml) {
    return KubernetesManifestsTest.SERIALIZATION.unmarshal(yaml, Map.class);
  }

  /** The patches written inline, parsed into objects: {@code $patch} lands among their extras. */
  private static List<HasMetadata> inlinePatches(Map<String, Object> kustomization) {
    List<HasMetadata> patches = new ArrayList<>();
    for (Map<String, Object> entry : patchEntries(kustomization)) {
      if (entry.get("patch") instanceof String text) {
        patches.addAll(parse(text));
      }
    }
    return patches;
  }

  private static List<Object> patchFiles(Map<String, Object> kustomization) {
    return patchEntries(kustomization).stream()
        .map(entry -> (Object) entry.get("path"))
        .filter(path -> path != null)
        .toList();
  }

  private static List<Map<String, Object>> patchEntries(Map<String, Object> kustomization) {
    Object patches = kustomization.get("patches");
    if (!(patches instanceof List<?> list)) {
      return List.of();
    }
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> entries = (List<Map<String, Object>>) list;
    return entries;
  }
}
