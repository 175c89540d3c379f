package dev.anemometer.harness.deploygen;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.kubernetes.client.utils.YamlDumpSettingsBuilder;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The one YAML writer of the generated Kubernetes files: fabric8's serialization of its own model
 * (fields in the model's order, multi-line text as literal blocks), quoting only the strings YAML
 * would otherwise read as something else, as a person writing the file would.
 */
final class ManifestYaml {

  private static final KubernetesSerialization SERIALIZATION =
      new KubernetesSerialization(
          new ObjectMapper(), true, new YamlDumpSettingsBuilder().setMinimizeQuotes(true).build());

  private static final String DOCUMENT_START = "---\n";

  private ManifestYaml() {}

  /** One document without the start marker: fabric8 model objects, maps and lists alike. */
  static String document(Object object) {
    String yaml = SERIALIZATION.asYaml(object);
    return yaml.startsWith(DOCUMENT_START) ? yaml.substring(DOCUMENT_START.length()) : yaml;
  }

  /** Several documents in one file, separated the way kubectl and kustomize expect. */
  static String documents(List<?> objects) {
    return objects.stream().map(ManifestYaml::document).collect(Collectors.joining(DOCUMENT_START));
  }
}
