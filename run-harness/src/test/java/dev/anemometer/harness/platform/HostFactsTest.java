package dev.anemometer.harness.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class HostFactsTest {

  @Test
  void cpuInfoGivesTheModelTheLogicalCpusAndTheFirstClock() {
    String cpuinfo =
        """
        processor	: 0
        vendor_id	: AuthenticAMD
        model name	: AMD EPYC 7B13
        cpu MHz		: 2596.126

        processor	: 1
        model name	: AMD EPYC 7B13
        cpu MHz		: 2450.000
        """;

    assertThat(HostFacts.cpuInfo(cpuinfo))
        .isEqualTo(new HostFacts.CpuInfo("AMD EPYC 7B13", 2, 2596.126));
    assertThat(HostFacts.cpuInfo("")).isEqualTo(new HostFacts.CpuInfo(null, 0, null));
  }

  @Test
  void aCgroupQuotaIsInCoresAndMaxMeansNone() {
    assertThat(HostFacts.cgroupCpuQuota("150000 100000\n")).hasValue(1.5);
    assertThat(HostFacts.cgroupCpuQuota("max 100000\n")).isEmpty();
    assertThat(HostFacts.cgroupMemoryLimit("8589934592\n")).hasValue(8L << 30);
    assertThat(HostFacts.cgroupMemoryLimit("max\n")).isEmpty();
  }

  @Test
  void memoryAndDistributionComeFromTheirFiles() {
    assertThat(HostFacts.memTotal("MemTotal:       25165824 kB\nMemFree:  1 kB\n"))
        .hasValue(24L << 30);
    assertThat(HostFacts.distribution("NAME=\"Debian\"\nPRETTY_NAME=\"Debian GNU/Linux 12\"\n"))
        .hasValue("Debian GNU/Linux 12");
  }

  @Test
  void onlyTheMitigationsInForceAreListed() {
    Map<String, String> states = new TreeMap<>();
    states.put("meltdown", "Mitigation: PTI\n");
    states.put("spectre_v2", "Mitigation: Retpolines; STIBP: disabled; RSB filling\n");
    states.put("mds", "Not affected\n");
    states.put("spec_rstack_overflow", "Vulnerable: No microcode\n");
    assertThat(HostFacts.mitigations(states))
        .containsExactly("meltdown: PTI", "spectre_v2: Retpolines; STIBP: disabled; RSB filling");
    assertThat(HostFacts.mitigations(Map.of())).isEmpty();
  }
}
