package dev.anemometer.harness.config;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What is a secret and how it reads once masked, wherever something is saved with the results
 * (which are shared): the resolved config, rendered commands and properties files. A secret is a
 * value whose key names one ({@code *password*}, {@code *token*}, …), or the credentials inside a
 * URL: the password of {@code scheme://user:password@host} and any query parameter named like a
 * secret ({@code jdbc:postgresql://h/db?password=…}).
 */
public final class SecretKeys {

  /** What a masked value reads as. */
  public static final String MASK = "********";

  private static final List<String> MARKS = List.of("password", "secret", "token", "credential");

  /**
   * {@code ://user:password@}: the password runs to the last {@code @} before any path, so that an
   * {@code @} written into it unencoded is masked too.
   */
  private static final Pattern USER_INFO = Pattern.compile("(://[^/?#@\\s:]*):([^/?#\\s]+)@");

  /** A query parameter ({@code ?} or {@code &}; {@code ;} in some JDBC URLs) and its value. */
  private static final Pattern PARAMETER = Pattern.compile("([?&;])([^=?&;#\\s]+)=([^&;#\\s]*)");

  private SecretKeys() {}

  public static boolean isSecret(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    return MARKS.stream().anyMatch(lower::contains);
  }

  /**
   * {@code value} as it may be saved: the mask when {@code key} names a secret (and there is a
   * value to hide), else the value with the credentials of any URL in it masked.
   */
  public static String shown(String key, String value) {
    if (isSecret(key)) {
      return value.isEmpty() ? value : MASK;
    }
    return withoutUrlSecrets(value);
  }

  /**
   * One argument of a command as it may be saved: {@code --key=value} and {@code -Dkey=value} with
   * a secret key keep the key and lose the value; a URL's credentials are masked in any argument.
   */
  public static String shownArgument(String argument) {
    int equals = argument.indexOf('=');
    if (equals < 0 || !(argument.startsWith("--") || argument.startsWith("-D"))) {
      return withoutUrlSecrets(argument);
    }
    String key = argument.substring(0, equals);
    return key + "=" + shown(key, argument.substring(equals + 1));
  }

  /** {@code text} with the password of a URL's user info and secret query parameters masked. */
  public static String withoutUrlSecrets(String text) {
    if (text == null || text.indexOf(':') < 0) {
      return text;
    }
    String masked = USER_INFO.matcher(text).replaceAll("$1:" + MASK + "@");
    Matcher parameter = PARAMETER.matcher(masked);
    StringBuilder out = new StringBuilder(masked.length());
    while (parameter.find()) {
      String value = parameter.group(3);
      String shown = isSecret(parameter.group(2)) && !value.isEmpty() ? MASK : value;
      parameter.appendReplacement(
          out, Matcher.quoteReplacement(parameter.group(1) + parameter.group(2) + "=" + shown));
    }
    parameter.appendTail(out);
    return out.toString();
  }

  /**
   * Masks, in place, every text value of a tree as {@link #shown} would: under a key naming a
   * secret, or holding a URL with credentials. Arrays take the key of the field that holds them.
   */
  public static JsonNode mask(JsonNode tree) {
    maskUnder("", tree);
    return tree;
  }

  private static void maskUnder(String key, JsonNode node) {
    if (node instanceof ObjectNode object) {
      for (String field : List.copyOf(object.propertyNames())) {
        JsonNode child = object.get(field);
        if (child.isString()) {
          object.put(field, shown(field, child.asString()));
        } else {
          maskUnder(field, child);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        JsonNode child = array.get(i);
        if (child.isString()) {
          array.set(i, array.stringNode(shown(key, child.asString())));
        } else {
          maskUnder(key, child);
        }
      }
    }
  }
}
