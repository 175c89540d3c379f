package dev.anemometer.driver.behavior;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Behaviours a worker was sent as content, by the name {@link Behavior#load} knows them under: a
 * worker never reads a behaviour file from its own disk on a controller's word. Content-addressed,
 * so that a run sending the same file again reuses it; the oldest are forgotten beyond a few.
 */
final class SentBehaviors {

  static final String PREFIX = "sent-";
  private static final int KEPT = 16;

  private static final Map<String, Behavior> byName =
      new LinkedHashMap<>(KEPT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Behavior> eldest) {
          return size() > KEPT;
        }
      };

  private SentBehaviors() {}

  /** Parses and validates; the source named in errors is {@code field}, never a path. */
  static synchronized String add(String field, String yaml) {
    byte[] bytes = yaml.getBytes(StandardCharsets.UTF_8);
    String name = PREFIX + digest(bytes);
    if (!byName.containsKey(name)) {
      byName.put(name, BehaviorLoader.parse(field, bytes));
    }
    return name;
  }

  static synchronized Behavior get(String name) {
    return byName.get(name);
  }

  private static String digest(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JVM", e);
    }
  }
}
