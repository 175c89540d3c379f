package dev.anemometer.harness.deploygen;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.LinkedHashMap;
import java.util.Map;

/** The labels every generated Kubernetes object of one tier of one app instance carries. */
record TierLabels(String tier, String instance) {

  static final String PART_OF = "app.kubernetes.io/part-of";
  static final String TIER = "anemometer.dev/tier";
  static final String INSTANCE = "anemometer.dev/instance";

  static TierLabels of(String tier, StackModel model) {
    return new TierLabels(tier, model.instanceName());
  }

  Map<String, String> all() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("app.kubernetes.io/name", tier);
    labels.put(PART_OF, "anemometer");
    labels.putAll(selector());
    return labels;
  }

  /** What selectors match on: stable for the life of the object, unlike a version label. */
  Map<String, String> selector() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(TIER, tier);
    labels.put(INSTANCE, instance);
    return labels;
  }

  /** An object's name with this tier's labels. */
  ObjectMeta metadata(String name) {
    return new ObjectMetaBuilder().withName(name).withLabels(all()).build();
  }
}
