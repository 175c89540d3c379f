package dev.anemometer.auction.user;

import dev.anemometer.auction.system.security.AuthenticatedUser;
import dev.anemometer.auction.system.web.Owners;
import jakarta.validation.Valid;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Login, logout and the owner-only profile. */
@RestController
@RequestMapping("/api")
class UserController {

  private final LoginService logins;
  private final UserService users;

  UserController(LoginService logins, UserService users) {
    this.logins = logins;
    this.users = users;
  }

  @PostMapping("/login")
  LoginResponse login(@Valid @RequestBody LoginRequest request) {
    return logins.login(request);
  }

  @PostMapping("/logout")
  ResponseEntity<Void> logout(AuthenticatedUser caller) {
    logins.logout(caller);
    return ResponseEntity.noContent().build();
  }

  @GetMapping("/users/{id}")
  UserProfile profile(AuthenticatedUser caller, @PathVariable long id) {
    Owners.requireOwner(caller, id);
    return users.profile(id);
  }

  @PutMapping("/users/{id}")
  UserProfile update(
      AuthenticatedUser caller, @PathVariable long id, @Valid @RequestBody ProfileUpdate update) {
    Owners.requireOwner(caller, id);
    users.update(id, update);
    return users.profile(id);
  }
}
