package dev.anemometer.harness.deploy.kubernetes;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Who a run's namespaces belong to: this host's user and name, as a label value ({@code
 * alice.build-7}). Several people share a cluster; {@code teardown --kubernetes} deletes what its
 * own user started on its own host and nothing else.
 */
final class NamespaceOwner {

  private NamespaceOwner() {}

  static String current() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      host = "unknown-host";
    }
    return labelValue(System.getProperty("user.name", "unknown") + "." + host);
  }

  /** Letters, digits, '-', '_' and '.', at most 63, starting and ending alphanumeric. */
  static String labelValue(String text) {
    String value =
        text.toLowerCase(Locale.ROOT)
            .replaceAll("[^a-z0-9._-]+", "-")
            .replaceAll("^[^a-z0-9]+", "");
    if (value.length() > 63) {
      value = value.substring(0, 63);
    }
    value = value.replaceAll("[^a-z0-9]+$", "");
    return value.isEmpty() ? "unknown" : value;
  }
}
