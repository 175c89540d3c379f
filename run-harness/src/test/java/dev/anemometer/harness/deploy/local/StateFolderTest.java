package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.deploy.TierStartException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFolderTest {

  @TempDir Path temp;

  @Test
  void aMissingFolderIsCreatedForThisUserAlone() throws Exception {
    Path state = temp.resolve("var/anemometer");

    StateFolder.checked(state, StateFolder.modeFor(false));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state)))
        .isEqualTo("rwx------");
  }

  @Test
  void asRootOthersMayOnlyPassThrough() throws Exception {
    Path state = temp.resolve("anemometer");

    StateFolder.checked(state, StateFolder.modeFor(true));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state)))
        .isEqualTo("rwx--x--x");
  }

  @Test
  void aFolderOthersMayWriteToIsRefusedWithOneLine() throws Exception {
    Path state = Files.createDirectory(temp.resolve("anemometer"));
    Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxrwxrwx"));

    assertThatThrownBy(() -> StateFolder.checked(state, StateFolder.modeFor(false)))
        .isInstanceOf(TierStartException.class)
        .hasMessage(
            "state folder "
                + state
                + " is writable by others (rwxrwxrwx): remove it, or choose another with"
                + " ANEMOMETER_STATE_DIR");
  }

  @Test
  void aSymbolicLinkIsRefused() throws Exception {
    Path real = Files.createDirectory(temp.resolve("elsewhere"));
    Path state = Files.createSymbolicLink(temp.resolve("anemometer"), real);

    assertThatThrownBy(() -> StateFolder.checked(state, StateFolder.modeFor(false)))
        .isInstanceOf(TierStartException.class)
        .hasMessageContaining("is not a plain folder");
  }

  @Test
  void aFolderOfThisUserThatOnlyItMayWriteIsKept() throws Exception {
    Path state = Files.createDirectory(temp.resolve("anemometer"));
    Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxr-xr-x"));

    assertThat(StateFolder.checked(state, StateFolder.modeFor(false))).isEqualTo(state);
  }
}
