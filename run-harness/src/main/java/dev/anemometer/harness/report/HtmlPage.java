package dev.anemometer.harness.report;

import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * One self-contained HTML file: the page shell, the stylesheet, the chart code and the data, all
 * inline, so that the report opens from a mail attachment or an air-gapped lab.
 */
final class HtmlPage {

  private static final AtomicLong WRITES = new AtomicLong();

  private HtmlPage() {}

  /** The page with report.js and then the page's own scripts, in order. */
  static Path write(Path file, String title, String footer, JsonNode data, String... pageScripts) {
    StringBuilder scripts = new StringBuilder(resource("report.js"));
    for (String script : pageScripts) {
      scripts.append('\n').append(resource(script));
    }
    String html =
        resource("page.html")
            .replace("{{TITLE}}", escape(title))
            .replace("{{HEADING}}", escape(title))
            .replace("{{FOOTER}}", escape(footer))
            .replace("{{CSS}}", resource("report.css"))
            .replace("{{JS}}", scripts.toString())
            .replace("{{DATA}}", scriptSafeJson(data));
    Path partial = null;
    try {
      // Whole or not at all: the interrupt hook and the run's end may both write the report.
      // Not createTempFile: its owner-only permissions would follow the report into place.
      partial =
          file.resolveSibling(
              "."
                  + file.getFileName()
                  + "."
                  + ProcessHandle.current().pid()
                  + "-"
                  + WRITES.incrementAndGet()
                  + ".tmp");
      Files.writeString(partial, html, StandardCharsets.UTF_8);
      Files.move(
          partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    } finally {
      deleteQuietly(partial);
    }
    return file;
  }

  private static void deleteQuietly(Path partial) {
    if (partial != null) {
      try {
        Files.deleteIfExists(partial);
      } catch (IOException ignored) {
        // a stray temp file beside the report; the report itself is what matters
      }
    }
  }

  /**
   * JSON inside a script element: {@code <} only occurs in JSON strings, where {@code \u003c} means
   * the same, so no {@code </script>} or {@code <!--} from the data can end the element.
   */
  static String scriptSafeJson(JsonNode data) {
    return Json.compact()
        .writeValueAsString(data)
        .replace("<", "\\u003c")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029");
  }

  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;")
        .replace("'", "&#39;");
  }

  private static String resource(String name) {
    try (InputStream in = HtmlPage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing report resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
