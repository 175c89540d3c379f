package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreviousPeakTest {

  @TempDir Path root;

  private final ConfigLoader loader = new ConfigLoader();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(out, true, StandardCharsets.UTF_8), false);

  private void earlierRun(String folder, String name, String strategy, Integer peak)
      throws Exception {
    Path dir = Files.createDirectories(root.resolve(folder));
    Files.writeString(
        dir.resolve("summary.json"),
        """
        {"name": "%s", "strategy": "%s", "instances": [{"index": 0, "peakUsers": %s}]}
        """
            .formatted(name, strategy, peak));
  }

  private AnemometerConfig findMax(String hint) {
    return loader.load(
        null, "local", List.of("name=peak", "strategy=findMax", "findMax.maxPassHint=" + hint));
  }

  @Test
  void previousTakesThePeakOfTheNewestEarlierFindMaxRunOfTheSameName() throws Exception {
    earlierRun("20261125-080000-peak", "peak", "findMax", 1900);
    earlierRun("20261125-090000-peak", "peak", "findMax", 2100);
    earlierRun("20261125-100000-other", "other", "findMax", 800); // another configuration
    earlierRun("20261125-110000-peak", "peak", "fixed", null); // not a search
    earlierRun("20261125-120000-peak", "peak", "findMax", null); // broke off without a peak

    AnemometerConfig resolved = PreviousPeak.resolve(findMax("previous"), root, console);

    assertThat(resolved.findMax().maxPassHint()).isEqualTo("2100");
    assertThat(resolved.findMax().hintFor(0)).isEqualTo(2100);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("20261125-090000-peak");
  }

  @Test
  void withoutAnEarlierRunTheSearchGoesOnWithoutAHintAndSaysSo() {
    AnemometerConfig resolved = PreviousPeak.resolve(findMax("previous"), root, console);

    assertThat(resolved.findMax().maxPassHint()).isNull();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("searching without a hint");
  }

  @Test
  void aNumberIsLeftAsItIs() {
    AnemometerConfig config = findMax("1500");

    assertThat(PreviousPeak.resolve(config, root, console)).isSameAs(config);
  }
}
