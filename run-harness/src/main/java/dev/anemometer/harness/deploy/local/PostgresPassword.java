package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.TierStartException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/**
 * The embedded PostgreSQL's superuser password. The server listens on loopback, where every local
 * user can connect: with {@code trust} each would be its superuser, able to run commands as the
 * server's user ({@code COPY … TO PROGRAM}). So the password is random, made with the data folder
 * (which is kept between runs), and kept beside it in a file only this user may read. The harness
 * hands it to the app and the data loader through their environment, never on a command line nor in
 * the results.
 */
final class PostgresPassword {

  private static final int RANDOM_BYTES = 24;
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");
  private static final SecureRandom RANDOM = new SecureRandom();

  private PostgresPassword() {}

  /** Where the password of the cluster in {@code dataDir} is kept. */
  static Path fileOf(Path dataDir) {
    return dataDir.resolveSibling(dataDir.getFileName() + ".password");
  }

  /** A new random password for a cluster about to be created in {@code dataDir}, saved. */
  static String create(Path dataDir) throws IOException {
    byte[] bytes = new byte[RANDOM_BYTES];
    RANDOM.nextBytes(bytes);
    String password = HexFormat.of().formatHex(bytes);
    Path file = fileOf(dataDir);
    Files.createDirectories(file.getParent());
    writeOwnerOnly(file, password);
    return password;
  }

  /** The saved password of the cluster in {@code dataDir}, or a one-line error. */
  static String read(Path dataDir) throws IOException {
    Path file = fileOf(dataDir);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new TierStartException(
          "PostgreSQL data folder "
              + dataDir
              + " has no password file "
              + file.getFileName()
              + " (made by an older version, which trusted every local user, or the file was"
              + " removed): remove the folder; the next run creates it again with a password and"
              + " loads the data");
    }
    Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
    if (!OWNER_ONLY.containsAll(mode)) {
      throw new TierStartException(
          "password file "
              + file
              + " may be read by others ("
              + PosixFilePermissions.toString(mode)
              + "): chmod 600 it");
    }
    return Files.readString(file, StandardCharsets.UTF_8).trim();
  }

  /**
   * A copy of the password for initdb, which reads it from a file as {@code runAs} (the server's
   * user when the harness is root); the caller deletes it once initdb has ended.
   */
  static Path forInitdb(Path dataDir, String password, UserPrincipal runAs) throws IOException {
    Path file = dataDir.resolveSibling(dataDir.getFileName() + ".initdb-password");
    writeOwnerOnly(file, password);
    if (runAs != null) {
      Files.setOwner(file, runAs);
    }
    return file;
  }

  private static void writeOwnerOnly(Path file, String text) throws IOException {
    Files.deleteIfExists(file);
    Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
