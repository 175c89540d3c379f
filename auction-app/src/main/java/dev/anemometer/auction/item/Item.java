package dev.anemometer.auction.item;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An item for sale. Created here (AddItem); its {@code state} is then driven by the live-auction
 * engine with SQL, so this mapping is only ever inserted, never updated.
 */
@Entity
@Table(name = "item")
class Item {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "auction_id")
  private Long auctionId;

  @Column(name = "seller_id", nullable = false)
  private long sellerId;

  @Column(nullable = false)
  private int position;

  @Column(name = "short_description", nullable = false, length = 100)
  private String shortDescription;

  @Column(name = "long_description", nullable = false, length = 2000)
  private String longDescription;

  @Column(nullable = false, length = 100)
  private String manufacturer;

  @Column(nullable = false, length = 20)
  private String condition;

  @Column(name = "starting_bid", nullable = false, precision = 14, scale = 2)
  private BigDecimal startingBid;

  @Column(nullable = false, length = 20)
  private String state;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(nullable = false)
  private long version;

  protected Item() {}

  Item(long sellerId, AddItemRequest request, Instant createdAt) {
    this.sellerId = sellerId;
    this.shortDescription = request.shortDescription();
    this.longDescription = request.longDescription();
    this.manufacturer = request.manufacturer();
    this.condition = request.condition().name();
    this.startingBid = request.startingBid();
    this.state = "LISTED";
    this.createdAt = createdAt;
  }

  Long id() {
    return id;
  }
}
