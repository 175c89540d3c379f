package dev.anemometer.auction.image;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One picture of an item, pointing at its bytes in the three sizes. */
@Entity
@Table(name = "item_image")
class ItemImage {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "item_id", nullable = false)
  private long itemId;

  @Column(nullable = false)
  private int position;

  @Column(name = "thumbnail_content_id", nullable = false)
  private long thumbnailContentId;

  @Column(name = "preview_content_id", nullable = false)
  private long previewContentId;

  @Column(name = "full_content_id", nullable = false)
  private long fullContentId;

  protected ItemImage() {}

  ItemImage(
      long itemId,
      int position,
      long thumbnailContentId,
      long previewContentId,
      long fullContentId) {
    this.itemId = itemId;
    this.position = position;
    this.thumbnailContentId = thumbnailContentId;
    this.previewContentId = previewContentId;
    this.fullContentId = fullContentId;
  }

  long id() {
    return id;
  }

  int position() {
    return position;
  }
}
