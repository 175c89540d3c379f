package dev.anemometer.auction.data;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A pool of {@link DatasetLayout#PICTURES} generated pictures, three image_content rows each
 * (thumbnail, preview, full), shared by all items through item_image rows: item i's k-th image
 * shows picture {@code (4i + k) mod PICTURES}, so an item's four images all differ.
 */
final class ImageRows {

  private static final int PICTURES_PER_CHUNK = 10;
  private static final long CHUNK_IMAGES = 200_000;
  private static final String CONTENT_SQL =
      CopyChunk.copy("image_content", "id, content_type, etag, data");
  private static final String ITEM_IMAGE_SQL =
      CopyChunk.copy(
          "item_image",
          "id, item_id, position, thumbnail_content_id, preview_content_id, full_content_id");

  private ImageRows() {}

  /** The pictures are drawn by {@code pool}; these chunks only send them. */
  static List<CopyChunk> pictureChunks(PicturePool pool) {
    List<CopyChunk> chunks = new ArrayList<>();
    for (int first = 0; first < DatasetLayout.PICTURES; first += PICTURES_PER_CHUNK) {
      int from = first;
      int to = Math.min(DatasetLayout.PICTURES, first + PICTURES_PER_CHUNK);
      chunks.add(
          new CopyChunk(
              "pictures " + from + ".." + (to - 1),
              CONTENT_SQL,
              (long) (to - from) * DatasetLayout.SIZES_PER_PICTURE,
              0,
              out -> writeContents(pool, from, to, out)));
    }
    return chunks;
  }

  static List<CopyChunk> itemImageChunks(DatasetLayout layout) {
    List<CopyChunk> chunks = new ArrayList<>();
    long images = layout.itemImages();
    for (long first = 1; first <= images; first += CHUNK_IMAGES) {
      long from = first;
      long to = Math.min(images, first + CHUNK_IMAGES - 1);
      chunks.add(
          new CopyChunk(
              "item images " + from + ".." + to,
              ITEM_IMAGE_SQL,
              to - from + 1,
              to - from + 1,
              out -> writeItemImages(from, to, out)));
    }
    return chunks;
  }

  /** The image_content id of picture {@code picture} (0-based) in size {@code size} (0..2). */
  static long contentId(long picture, int size) {
    return picture * DatasetLayout.SIZES_PER_PICTURE + size + 1;
  }

  private static void writeContents(PicturePool pool, int from, int to, CopyWriter out)
      throws SQLException {
    for (int picture = from; picture < to; picture++) {
      ImageGenerator.Picture generated = pool.picture(picture);
      byte[][] sizes = {generated.thumbnail(), generated.preview(), generated.full()};
      for (int size = 0; size < sizes.length; size++) {
        out.number(contentId(picture, size))
            .text("image/jpeg")
            .text(sha256Hex(sizes[size]))
            .bytes(sizes[size])
            .endRow();
      }
    }
  }

  private static void writeItemImages(long from, long to, CopyWriter out) throws SQLException {
    for (long id = from; id <= to; id++) {
      long itemId = (id - 1) / DatasetLayout.IMAGES_PER_ITEM + 1;
      long position = (id - 1) % DatasetLayout.IMAGES_PER_ITEM;
      long picture = (itemId * DatasetLayout.IMAGES_PER_ITEM + position) % DatasetLayout.PICTURES;
      out.number(id)
          .number(itemId)
          .number(position)
          .number(contentId(picture, 0))
          .number(contentId(picture, 1))
          .number(contentId(picture, 2))
          .endRow();
    }
  }

  static String sha256Hex(byte[] bytes) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
      return String.format("%064x", new BigInteger(1, digest));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
