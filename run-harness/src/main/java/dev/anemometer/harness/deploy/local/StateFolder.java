package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.TierStartException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The local target's state folder holds the PostgreSQL binaries it runs and the data it trusts: one
 * that another user owns or may write to could hand the harness (often root) binaries to run. It is
 * created private and refused, with one line, when it is not this user's alone.
 */
final class StateFolder {

  /**
   * This user alone; as root, others may pass through (not list, not write), since PostgreSQL and
   * nginx run as {@code nobody} and must reach their binaries and working folders below it.
   */
  static Set<PosixFilePermission> modeFor(boolean asRoot) {
    return PosixFilePermissions.fromString(asRoot ? "rwx--x--x" : "rwx------");
  }

  private StateFolder() {}

  /** {@code dir}, created with {@code mode} when missing, after checking owner and writability. */
  static Path checked(Path dir, Set<PosixFilePermission> mode) {
    try {
      if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(dir.getParent());
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(mode));
        Files.setPosixFilePermissions(dir, mode); // the umask may have taken bits away
      }
      refuseUnsafe(dir);
      return dir;
    } catch (UnsupportedOperationException notPosix) {
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
  }

  private static void refuseUnsafe(Path dir) throws IOException {
    if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      throw unsafe(dir, "is not a plain folder");
    }
    String owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName();
    String me = System.getProperty("user.name");
    if (!owner.equals(me)) {
      throw unsafe(dir, "belongs to " + owner + ", not " + me);
    }
    Set<PosixFilePermission> mode = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
    if (mode.contains(PosixFilePermission.GROUP_WRITE)
        || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw unsafe(dir, "is writable by others (" + PosixFilePermissions.toString(mode) + ")");
    }
  }

  private static TierStartException unsafe(Path dir, String why) {
    return new TierStartException(
        "state folder "
            + dir
            + " "
            + why
            + ": remove it, or choose another with ANEMOMETER_STATE_DIR");
  }
}
