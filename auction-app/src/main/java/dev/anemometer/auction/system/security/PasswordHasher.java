package dev.anemometer.auction.system.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Salted PBKDF2-HMAC-SHA256 with a deliberately low iteration count: strong enough that the stored
 * hashes are not plain text, cheap enough (tens of microseconds) that logins do not dominate the
 * benchmark and the loader can hash hundreds of thousands of accounts in seconds. See
 * docs/decisions/0002-password-hashing.md. The data loader uses the same class, so the two agree.
 */
public final class PasswordHasher {

  public static final int ITERATIONS = 64;
  private static final int HASH_BITS = 256;
  private static final int SALT_BYTES = 16;

  private final SecureRandom random = new SecureRandom();

  public String newSalt() {
    byte[] salt = new byte[SALT_BYTES];
    random.nextBytes(salt);
    return Base64.getEncoder().encodeToString(salt);
  }

  public String hash(String password, String salt) {
    try {
      PBEKeySpec spec =
          new PBEKeySpec(
              password.toCharArray(),
              salt.getBytes(StandardCharsets.US_ASCII),
              ITERATIONS,
              HASH_BITS);
      byte[] hash =
          SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
      return Base64.getEncoder().encodeToString(hash);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PBKDF2WithHmacSHA256 is part of every JDK", e);
    }
  }

  public boolean matches(String password, String salt, String expectedHash) {
    byte[] actual = hash(password, salt).getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(actual, expectedHash.getBytes(StandardCharsets.US_ASCII));
  }
}
