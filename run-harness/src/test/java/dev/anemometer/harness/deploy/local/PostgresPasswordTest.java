package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.deploy.TierStartException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresPasswordTest {

  @TempDir Path dir;

  @Test
  void aNewClusterGetsARandomPasswordOnlyThisUserMayRead() throws Exception {
    Path dataDir = dir.resolve("pgdata/instance-0");

    String first = PostgresPassword.create(dataDir);
    String second = PostgresPassword.create(dir.resolve("pgdata/instance-1"));

    assertThat(first).hasSize(48).isNotEqualTo(second);
    Path file = PostgresPassword.fileOf(dataDir);
    assertThat(file.getParent()).isEqualTo(dataDir.getParent());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PostgresPassword.read(dataDir)).isEqualTo(first);
  }

  @Test
  void aKeptClusterWithoutItsPasswordFileIsRefusedWithOneLine() throws Exception {
    Path dataDir = Files.createDirectories(dir.resolve("pgdata/instance-0"));

    assertThatThrownBy(() -> PostgresPassword.read(dataDir))
        .isInstanceOf(TierStartException.class)
        .hasMessageContaining(dataDir.toString())
        .hasMessageContaining("remove the folder")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aPasswordFileOthersMayReadIsRefused() throws Exception {
    Path dataDir = dir.resolve("pgdata/instance-0");
    PostgresPassword.create(dataDir);
    Files.setPosixFilePermissions(
        PostgresPassword.fileOf(dataDir), PosixFilePermissions.fromString("rw-r--r--"));

    assertThatThrownBy(() -> PostgresPassword.read(dataDir))
        .isInstanceOf(TierStartException.class)
        .hasMessageContaining("rw-r--r--");
  }
}
