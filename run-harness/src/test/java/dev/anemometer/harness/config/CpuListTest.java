package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CpuListTest {

  @Test
  void singleCpusRangesAndListsParseToTheCpusTheyName() {
    assertThat(CpuList.parse("1").cpus()).containsExactly(1);
    assertThat(CpuList.parse("0-1").cpus()).containsExactly(0, 1);
    assertThat(CpuList.parse("2,3").cpus()).containsExactly(2, 3);
    assertThat(CpuList.parse(" 6, 0-2 ,1").cpus()).containsExactly(0, 1, 2, 6);
  }

  @Test
  void aListPrintsInLinuxsCompactForm() {
    assertThat(CpuList.parse("3,0,1,2,5").toString()).isEqualTo("0-3,5");
    assertThat(CpuList.parse("2,3").toString()).isEqualTo("2-3");
    assertThat(CpuList.parse("7").toString()).isEqualTo("7");
    assertThat(new CpuList(List.of()).toString()).isEmpty();
  }

  @Test
  void theComplementIsWhatTheMachineHasThatTheListDoesNotName() {
    CpuList machine = CpuList.parse("0-7");

    assertThat(machine.minus(CpuList.parse("1")).toString()).isEqualTo("0,2-7");
    assertThat(machine.minus(CpuList.parse("0-3")).toString()).isEqualTo("4-7");
    assertThat(CpuList.parse("0-1").minus(CpuList.parse("0-1")).isEmpty()).isTrue();
    assertThat(CpuList.parse("1").minus(CpuList.parse("0")).cpus()).containsExactly(1);
  }

  @ParameterizedTest(name = "''{0}''")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "1-       | '1-' is not a CPU list such as 1, 0-1 or 2,3",
        "a        | 'a' is not a CPU list",
        "1,,2     | '1,,2' is not a CPU list",
        "-1       | '-1' is not a CPU list",
        "0x1      | '0x1' is not a CPU list",
        "3-1      | '3-1': the range 3-1 runs backwards",
        "0-99999  | '0-99999': cpu 99999 is beyond Linux's 8192 CPUs",
        "\"\"       | must name at least one CPU"
      })
  void malformedListsSayWhatIsExpected(String text, String message) {
    assertThatThrownBy(() -> CpuList.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void theAllowedCpusComeFromAProcessStatus() {
    String status = "Name:\tcat\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed:\t1\n";

    assertThat(CpuList.fromStatus(status)).isEqualTo(CpuList.parse("0-1"));
    assertThat(CpuList.ofThisProcess().isEmpty()).isFalse();
  }
}
