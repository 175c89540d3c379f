package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class BracketTest {

  @Test
  void aBracketIsReadFromTheDriversShapeAndASearchThatNeverFailedHasNoLowestFail() {
    assertThat(Bracket.read(json("{\"highestPass\": 1790, \"lowestFail\": 1850}")))
        .isEqualTo(new Bracket(1790, 1850));
    assertThat(Bracket.read(json("{\"highestPass\": 800, \"lowestFail\": null}")))
        .isEqualTo(new Bracket(800, null));
  }

  @Test
  void aSummaryFromBeforeBracketsHasNone() {
    assertThat(Bracket.read(json("{}").path("bracket"))).isNull();
    assertThat(Bracket.read(json("{\"bracket\": null}").path("bracket"))).isNull();
  }

  @Test
  void theBracketOfASumOfPeaksIsTheSumOfTheBrackets() {
    assertThat(Bracket.total(List.of(new Bracket(1790, 1850), new Bracket(1000, 1100))))
        .isEqualTo(new Bracket(2790, 2950));
    assertThat(Bracket.total(List.of(new Bracket(1790, 1850), new Bracket(800, null))))
        .isEqualTo(new Bracket(2590, null));
    assertThat(Bracket.total(Arrays.asList(new Bracket(1790, 1850), null))).isNull();
    assertThat(Bracket.total(List.of())).isNull();
  }

  @Test
  void aBracketDescribesItselfInOneShortPhrase() {
    assertThat(new Bracket(1790, 1850).describe()).isEqualTo("1790 pass, 1850 fail");
    assertThat(new Bracket(800, null).describe()).isEqualTo("800 pass, none failed");
  }

  private static tools.jackson.databind.JsonNode json(String text) {
    return JsonMapper.builder().build().readTree(text);
  }
}
