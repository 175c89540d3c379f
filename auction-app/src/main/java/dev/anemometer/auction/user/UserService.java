package dev.anemometer.auction.user;

import dev.anemometer.auction.system.cache.CacheNames;
import dev.anemometer.auction.system.web.ApiException;
import org.springframework.cache.annotation.CacheEvict;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Profiles: cached for reads, updated with one SQL statement that touches only the names. */
@Service
class UserService {

  private final UserRepository users;
  private final JdbcClient jdbc;

  UserService(UserRepository users, JdbcClient jdbc) {
    this.users = users;
    this.jdbc = jdbc;
  }

  @Cacheable(CacheNames.USER_PROFILE)
  public UserProfile profile(long userId) {
    return users
        .findById(userId)
        .map(User::toProfile)
        .orElseThrow(() -> ApiException.notFound("user", userId));
  }

  @CacheEvict(cacheNames = CacheNames.USER_PROFILE, key = "#userId")
  @Transactional
  public void update(long userId, ProfileUpdate update) {
    int rows =
        jdbc.sql(
                "UPDATE app_user SET first_name = ?, last_name = ?, version = version + 1"
                    + " WHERE id = ?")
            .params(update.firstName(), update.lastName(), userId)
            .update();
    if (rows == 0) {
      throw ApiException.notFound("user", userId);
    }
  }
}
