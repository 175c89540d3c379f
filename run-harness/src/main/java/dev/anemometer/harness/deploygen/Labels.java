package dev.anemometer.harness.deploygen;

/** The labels every generated Kubernetes object carries, as YAML lines at a given indent. */
final class Labels {

  static final String PART_OF = "app.kubernetes.io/part-of";
  static final String TIER = "anemometer.dev/tier";
  static final String INSTANCE = "anemometer.dev/instance";

  private Labels() {}

  static String all(String tier, String instance, int indent) {
    String pad = " ".repeat(indent);
    return pad
        + "app.kubernetes.io/name: "
        + tier
        + "\n"
        + pad
        + PART_OF
        + ": anemometer\n"
        + pad
        + TIER
        + ": "
        + tier
        + "\n"
        + pad
        + INSTANCE
        + ": "
        + instance
        + "\n";
  }

  /** What selectors match on: stable for the life of the object, unlike a version label. */
  static String selector(String tier, String instance, int indent) {
    String pad = " ".repeat(indent);
    return pad + TIER + ": " + tier + "\n" + pad + INSTANCE + ": " + instance + "\n";
  }
}
