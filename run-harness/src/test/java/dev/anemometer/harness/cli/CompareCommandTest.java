package dev.anemometer.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private PrintStream originalOut;

  @TempDir Path temp;

  @BeforeEach
  void capture() {
    originalOut = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(originalOut);
  }

  @Test
  void printsTheSideBySideTableAndWritesTheHtmlComparison() throws Exception {
    Path html = temp.resolve("compare.html");

    int exit =
        AnemometerCli.execute(
            "compare",
            recorded("20261121-201403-fixed-300"),
            recorded("20261122-091500-findmax"),
            "--output",
            html.toString());

    String table = out.toString(StandardCharsets.UTF_8);
    assertThat(exit).isZero();
    assertThat(table)
        .contains("20261121-201403-fixed-300", "20261122-091500-findmax")
        .containsPattern("peak users\\s+300\\s+420 \\(\\+40\\.0 %\\) better")
        .containsPattern("p99 PlaceBid \\(ms\\)\\s+[0-9.]+\\s+[0-9.]+ \\(\\+[0-9.]+ %\\) WORSE")
        .contains("better by more than 5 % than 20261121-201403-fixed-300")
        .contains(
            "these runs were taken at different times: a difference between them may be the"
                + " machine's")
        .contains("anemometer ab BASE.yaml CHANGE.yaml");
    assertThat(html).isRegularFile();
    assertThat(Files.readString(html))
        .contains("Anemometer comparison")
        .contains("run them as an experiment of interleaved rounds");
  }

  @Test
  void aFolderThatIsNotAResultsFolderIsABadInput() {
    assertThat(AnemometerCli.execute("compare", temp.toString(), temp.toString())).isEqualTo(2);
  }

  private static String recorded(String name) throws URISyntaxException {
    return Path.of(CompareCommandTest.class.getResource("/recorded-runs/" + name).toURI())
        .toString();
  }
}
