package dev.anemometer.auction.auction;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An auction. The live engine moves {@code current_item_id} with SQL; this mapping only reads, and
 * leaves that column out of the detail because a cached copy of it would be stale at once.
 */
@Entity
@Table(name = "auction")
class Auction {

  @Id private Long id;

  @Column(nullable = false, length = 100)
  private String name;

  @Column(nullable = false, length = 50)
  private String category;

  @Column(name = "start_time", nullable = false)
  private Instant startTime;

  @Column(name = "end_time")
  private Instant endTime;

  @Column(nullable = false, length = 20)
  private String state;

  @Column(name = "auctioneer_id", nullable = false)
  private long auctioneerId;

  @Column(name = "current_item_id")
  private Long currentItemId;

  @Column(nullable = false)
  private long version;

  protected Auction() {}

  AuctionDetail toDetail(long itemCount) {
    return new AuctionDetail(
        id, name, category, startTime, endTime, state, auctioneerId, itemCount);
  }
}
