package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binaries the harness depends on unpack with the archive libraries it declares (an integration
 * test: it unpacks some 50 MB).
 */
class PostgresBinariesIT {

  @TempDir Path base;

  @Test
  void unpacksTheServerOnceAndFindsItAgain() throws Exception {
    assertThat(PostgresBinaries.installed(base)).isEmpty();

    Path home = PostgresBinaries.install(base);

    assertThat(Files.isExecutable(home.resolve("bin/postgres"))).isTrue();
    assertThat(Files.isExecutable(home.resolve("bin/initdb"))).isTrue();
    assertThat(PostgresBinaries.installed(base)).contains(home);
    Path mark = Files.writeString(home.resolve("mark"), "");
    assertThat(PostgresBinaries.install(base)).isEqualTo(home);
    assertThat(mark).as("not unpacked again").exists();
  }
}
