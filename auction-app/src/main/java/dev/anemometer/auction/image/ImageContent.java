package dev.anemometer.auction.image;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The bytes of one encoded size; rows may be shared between items (the loader does). */
@Entity
@Table(name = "image_content")
class ImageContent {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "content_type", nullable = false, length = 50)
  private String contentType;

  @Column(nullable = false, length = 64)
  private String etag;

  @Column(nullable = false)
  private byte[] data;

  protected ImageContent() {}

  ImageContent(JpegImage image) {
    this.contentType = JpegImage.CONTENT_TYPE;
    this.etag = image.etag();
    this.data = image.bytes();
  }

  long id() {
    return id;
  }
}
