package dev.anemometer.driver.operation;

import dev.anemometer.driver.http.HttpRequest;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletionStage;
import javax.imageio.ImageIO;

/** Selling: listing an item and uploading an image for it. */
final class ListingOperations {

  /** One small generated JPEG shared by every upload: the app resizes it, content is irrelevant. */
  private static final byte[] UPLOAD_JPEG = smallJpeg();

  CompletionStage<OperationOutcome> addItem(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    int serial = user.random().nextInt(1_000_000);
    byte[] body =
        SessionOperations.json(
            "{\"%s\":\"Item %d of user %d\",\"%s\":\"Listed by the Anemometer driver.\","
                + "\"%s\":\"Maker %d\",\"%s\":\"%s\",\"%s\":%d.00}",
            ApiFields.SHORT_DESCRIPTION,
            serial,
            user.account(),
            ApiFields.LONG_DESCRIPTION,
            ApiFields.MANUFACTURER,
            serial % 100,
            ApiFields.CONDITION,
            ApiFields.ITEM_CONDITIONS[serial % ApiFields.ITEM_CONDITIONS.length],
            ApiFields.STARTING_BID,
            1 + serial % 100);
    Call call = Call.postJson(ApiPaths.ITEMS, body, ApiPaths.ITEMS);
    return exchange.finish(
        exchange
            .json(call, JsonReads.CREATED, 201, 200)
            .thenAccept(
                item -> user.addedItemId(JsonReads.requiredLong(item, ApiFields.ID, call))));
  }

  CompletionStage<OperationOutcome> addImageForItem(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    long itemId = user.addedItemId();
    if (itemId < 0) {
      return exchange.finish(BrowseOperations.failed("no item added before AddImageForItem"));
    }
    HttpRequest.FileUpload upload =
        new HttpRequest.FileUpload(ApiFields.UPLOAD_FIELD, "item.jpg", "image/jpeg", UPLOAD_JPEG);
    Call call =
        new Call(
            HttpRequest.upload(ApiPaths.itemImages(itemId), upload),
            "POST " + ApiPaths.ITEM_IMAGES);
    return exchange.finish(exchange.send(call, 201, 200));
  }

  private static byte[] smallJpeg() {
    BufferedImage image = new BufferedImage(64, 48, BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setColor(new Color(70, 130, 180));
    graphics.fillRect(0, 0, 64, 48);
    graphics.setColor(Color.WHITE);
    graphics.fillOval(16, 8, 32, 32);
    graphics.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "jpg", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
