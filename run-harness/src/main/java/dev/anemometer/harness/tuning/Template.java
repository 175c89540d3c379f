package dev.anemometer.harness.tuning;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A configuration-file template from {@code templates/} in the resources, with {@code ${name}}
 * placeholders. A placeholder without a value is an error, so a typo cannot ship a broken file.
 */
public final class Template {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z][A-Za-z0-9]*)}");

  private final String name;
  private final String text;

  private Template(String name, String text) {
    this.name = name;
    this.text = text;
  }

  public static Template load(String name) {
    String path = "templates/" + name;
    try (InputStream in = Template.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing template " + path);
      }
      return new Template(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read template " + path, e);
    }
  }

  public String render(Map<String, ?> values) {
    Matcher matcher = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      Object value = values.get(matcher.group(1));
      if (value == null) {
        throw new IllegalStateException(
            "template " + name + ": no value for ${" + matcher.group(1) + "}");
      }
      matcher.appendReplacement(out, Matcher.quoteReplacement(value.toString()));
    }
    matcher.appendTail(out);
    return out.toString();
  }
}
