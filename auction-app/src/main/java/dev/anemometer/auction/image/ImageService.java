package dev.anemometer.auction.image;

import dev.anemometer.auction.item.ItemService;
import dev.anemometer.auction.system.cache.CacheNames;
import dev.anemometer.auction.system.web.ApiException;
import dev.anemometer.auction.system.web.ProblemType;
import java.awt.image.BufferedImage;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/** Stores uploads in three sizes and serves the bytes, cached by image and size. */
@Service
@EnableConfigurationProperties(ImageProperties.class)
class ImageService {

  private final ItemService items;
  private final ImageContentRepository contents;
  private final ItemImageRepository images;
  private final JdbcClient jdbc;
  private final TransactionTemplate transactions;
  private final ImageResizer resizer;
  private final DecodeLimit decodes;
  private final Cache itemDetails;

  ImageService(
      ItemService items,
      ImageContentRepository contents,
      ItemImageRepository images,
      JdbcClient jdbc,
      TransactionTemplate transactions,
      ImageProperties properties,
      CacheManager caches) {
    this.items = items;
    this.contents = contents;
    this.images = images;
    this.jdbc = jdbc;
    this.transactions = transactions;
    this.resizer = properties.newResizer();
    this.decodes = new DecodeLimit(properties.maxConcurrentDecodes());
    this.itemDetails = caches.getCache(CacheNames.ITEM_DETAIL);
  }

  UploadedImage upload(long callerId, long itemId, byte[] upload) {
    long sellerId = items.sellerOf(itemId).orElseThrow(() -> ApiException.notFound("item", itemId));
    if (sellerId != callerId) {
      throw ApiException.forbidden("only the seller of item " + itemId + " may add images");
    }
    // Decoding and encoding take tens of milliseconds: outside the transaction, holding no
    // connection.
    Map<ImageSize, JpegImage> sizes = decodes.run(() -> resizer.allSizes(decode(upload)));
    UploadedImage stored = transactions.execute(status -> store(itemId, sizes));
    if (itemDetails != null) {
      itemDetails.evict(itemId);
    }
    return stored;
  }

  @Cacheable(cacheNames = CacheNames.IMAGE_CONTENT, key = "#imageId + ':' + #size")
  public StoredImage content(long imageId, ImageSize size) {
    return jdbc.sql(
            "SELECT g.item_id, c.content_type, c.etag, c.data FROM item_image g"
                + " JOIN image_content c ON c.id = g."
                + size.column()
                + " WHERE g.id = ?")
        .param(imageId)
        .query(ImageService::storedImage)
        .optional()
        .orElseThrow(() -> ApiException.notFound("image", imageId));
  }

  private static StoredImage storedImage(ResultSet rs, int rowNum) throws SQLException {
    return new StoredImage(
        rs.getLong("item_id"),
        rs.getString("content_type"),
        rs.getString("etag"),
        rs.getBytes("data"));
  }

  private BufferedImage decode(byte[] upload) {
    try {
      return resizer.decode(upload);
    } catch (ImageRejectedException e) {
      ProblemType type = e.tooLarge() ? ProblemType.VALIDATION : ProblemType.UNSUPPORTED_MEDIA_TYPE;
      throw new ApiException(type, e.getMessage());
    }
  }

  private UploadedImage store(long itemId, Map<ImageSize, JpegImage> sizes) {
    long thumbnail = contents.save(new ImageContent(sizes.get(ImageSize.THUMBNAIL))).id();
    long preview = contents.save(new ImageContent(sizes.get(ImageSize.PREVIEW))).id();
    long full = contents.save(new ImageContent(sizes.get(ImageSize.FULL))).id();
    ItemImage image =
        images.save(new ItemImage(itemId, images.nextPosition(itemId), thumbnail, preview, full));
    Map<ImageSize, String> dimensions = new EnumMap<>(ImageSize.class);
    sizes.forEach(
        (size, jpeg) -> dimensions.put(size, jpeg.widthPixels() + "x" + jpeg.heightPixels()));
    return new UploadedImage(image.id(), itemId, image.position(), dimensions);
  }
}
