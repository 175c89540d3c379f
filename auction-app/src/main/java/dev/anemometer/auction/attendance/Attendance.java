package dev.anemometer.auction.attendance;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A user's presence in an auction; open while {@code leftAt} is null. */
@Entity
@Table(name = "attendance")
class Attendance {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "user_id", nullable = false)
  private long userId;

  @Column(name = "auction_id", nullable = false)
  private long auctionId;

  @Column(name = "joined_at", nullable = false)
  private Instant joinedAt;

  @Column(name = "left_at")
  private Instant leftAt;

  protected Attendance() {}

  Attendance(long userId, long auctionId, Instant joinedAt) {
    this.userId = userId;
    this.auctionId = auctionId;
    this.joinedAt = joinedAt;
  }

  AttendanceView toView() {
    return new AttendanceView(id, auctionId, joinedAt, leftAt);
  }
}
