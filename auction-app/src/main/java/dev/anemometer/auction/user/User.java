package dev.anemometer.auction.user;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;

/**
 * An account. Read through JPA; written with single-column SQL updates, because the live-auction
 * engine changes {@code credit_limit} concurrently and a whole-row JPA update would undo that.
 */
@Entity
@Table(name = "app_user")
class User {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(nullable = false, length = 100)
  private String email;

  @Column(name = "password_hash", nullable = false, length = 100)
  private String passwordHash;

  @Column(name = "password_salt", nullable = false, length = 50)
  private String passwordSalt;

  @Column(name = "first_name", nullable = false, length = 50)
  private String firstName;

  @Column(name = "last_name", nullable = false, length = 50)
  private String lastName;

  @Column(name = "credit_limit", nullable = false, precision = 14, scale = 2)
  private BigDecimal creditLimit;

  @Column(name = "initial_credit_limit", nullable = false, precision = 14, scale = 2)
  private BigDecimal initialCreditLimit;

  @Column(nullable = false, length = 20)
  private String state;

  @Column(nullable = false)
  private long version;

  protected User() {}

  UserProfile toProfile() {
    return new UserProfile(id, email, firstName, lastName, creditLimit, state);
  }
}
