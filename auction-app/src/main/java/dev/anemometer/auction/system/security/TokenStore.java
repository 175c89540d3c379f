package dev.anemometer.auction.system.security;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Bearer tokens kept in PostgreSQL, so that every app server accepts a token issued by any other
 * and a logout is seen by all of them at once. A token lookup is one primary-key read.
 */
@Component
public class TokenStore {

  private static final int TOKEN_BYTES = 24;

  private final JdbcTemplate jdbc;
  private final SecureRandom random = new SecureRandom();

  public TokenStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  public String issue(long userId) {
    byte[] bytes = new byte[TOKEN_BYTES];
    random.nextBytes(bytes);
    String token = HexFormat.of().formatHex(bytes);
    jdbc.update("INSERT INTO auth_token (token, user_id) VALUES (?, ?)", token, userId);
    return token;
  }

  public OptionalLong userOf(String token) {
    List<Long> ids =
        jdbc.queryForList("SELECT user_id FROM auth_token WHERE token = ?", Long.class, token);
    return ids.isEmpty() ? OptionalLong.empty() : OptionalLong.of(ids.get(0));
  }

  public void revoke(String token) {
    jdbc.update("DELETE FROM auth_token WHERE token = ?", token);
  }
}
