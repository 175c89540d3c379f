package dev.anemometer.auction.user;

import dev.anemometer.auction.attendance.AttendanceService;
import dev.anemometer.auction.system.security.AuthenticatedUser;
import dev.anemometer.auction.system.security.PasswordHasher;
import dev.anemometer.auction.system.security.TokenStore;
import dev.anemometer.auction.system.web.ApiException;
import dev.anemometer.auction.system.web.ProblemType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Logging in issues a bearer token; logging out revokes it and ends the user's attendances. */
@Service
class LoginService {

  private final JdbcClient jdbc;
  private final PasswordHasher hasher = new PasswordHasher();
  private final TokenStore tokens;
  private final AttendanceService attendance;
  private final Counter succeeded;
  private final Counter failed;

  LoginService(
      JdbcClient jdbc, TokenStore tokens, AttendanceService attendance, MeterRegistry registry) {
    this.jdbc = jdbc;
    this.tokens = tokens;
    this.attendance = attendance;
    this.succeeded = registry.counter("anemometer.logins", "outcome", "success");
    this.failed = registry.counter("anemometer.logins", "outcome", "failure");
  }

  LoginResponse login(LoginRequest request) {
    List<Credentials> found =
        jdbc.sql("SELECT id, password_hash, password_salt FROM app_user WHERE email = ?")
            .param(request.username())
            .query(LoginService::credentials)
            .list();
    if (found.isEmpty()
        || !hasher.matches(
            request.password(), found.get(0).passwordSalt(), found.get(0).passwordHash())) {
      failed.increment();
      throw new ApiException(ProblemType.BAD_CREDENTIALS, "unknown username or wrong password");
    }
    long userId = found.get(0).id();
    succeeded.increment();
    return new LoginResponse(userId, tokens.issue(userId));
  }

  @Transactional
  void logout(AuthenticatedUser user) {
    tokens.revoke(user.token());
    attendance.endOpenAttendances(user.userId());
  }

  private static Credentials credentials(ResultSet rs, int rowNum) throws SQLException {
    return new Credentials(
        rs.getLong("id"), rs.getString("password_hash"), rs.getString("password_salt"));
  }

  record Credentials(long id, String passwordHash, String passwordSalt) {}
}
