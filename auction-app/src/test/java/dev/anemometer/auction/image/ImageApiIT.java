package dev.anemometer.auction.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.ApiResponse;
import dev.anemometer.auction.support.AppIntegrationTest;
import dev.anemometer.auction.support.AuctionFixtures.FixtureUser;
import dev.anemometer.auction.support.TestImages;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class ImageApiIT extends AppIntegrationTest {

  @Test
  void uploadedImageIsServedInThreeSizesWithEtagAndCaching() throws IOException {
    FixtureUser seller = fixtures.user();
    long item = fixtures.item(seller.id(), null, 0, "LISTED");
    String token = api.login(seller);
    api.get("/api/items/" + item, token); // cached detail must learn about the new image

    ApiResponse uploaded =
        api.upload(
            "/api/items/" + item + "/images",
            token,
            "file",
            "photo.png",
            "image/png",
            TestImages.encoded(1600, 1200, "png"));

    assertThat(uploaded.status()).as(uploaded.toString()).isEqualTo(201);
    long image = uploaded.json().get("id").asLong();
    assertThat(api.get("/api/items/" + item, token).json().get("imageIds").get(0).asLong())
        .isEqualTo(image);
    assertSize(item, image, "THUMBNAIL", 100);
    assertSize(item, image, "PREVIEW", 350);
    assertSize(item, image, "FULL", 1024);
  }

  @Test
  void matchingIfNoneMatchAnswers304WithoutBody() {
    FixtureUser seller = fixtures.user();
    long item = fixtures.item(seller.id(), null, 0, "LISTED");
    long image = fixtures.image(item);
    String path = "/api/items/" + item + "/images/" + image + "?size=PREVIEW";

    ApiResponse first = api.get(path, null);
    String etag = first.header("ETag");
    ApiResponse second =
        api.send("GET", path, null, null, null, Map.of("If-None-Match", "\"other\", " + etag));

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.contentType()).isEqualTo("image/jpeg");
    assertThat(first.header("Cache-Control")).contains("max-age=86400", "public", "immutable");
    assertThat(second.status()).isEqualTo(304);
    assertThat(second.body()).isEmpty();
    assertThat(second.header("ETag")).isEqualTo(etag);
  }

  @Test
  void onlyTheSellerMayAddImagesAndOnlyPicturesAreAccepted() {
    FixtureUser seller = fixtures.user();
    long item = fixtures.item(seller.id(), null, 0, "LISTED");
    String stranger = api.login(fixtures.user());
    String owner = api.login(seller);
    byte[] jpeg = TestImages.encoded(50, 50, "jpeg");

    ApiResponse forbidden =
        api.upload("/api/items/" + item + "/images", stranger, "file", "a.jpg", "image/jpeg", jpeg);
    ApiResponse notAPicture =
        api.upload(
            "/api/items/" + item + "/images",
            owner,
            "file",
            "a.jpg",
            "image/jpeg",
            "GIF89a but not really".getBytes());

    assertThat(forbidden.status()).isEqualTo(403);
    assertThat(notAPicture.status()).isEqualTo(415);
    assertThat(notAPicture.contentType()).startsWith("application/problem+json");
  }

  @Test
  void imageOfAnotherItemIsNotFound() {
    FixtureUser seller = fixtures.user();
    long item = fixtures.item(seller.id(), null, 0, "LISTED");
    long otherItem = fixtures.item(seller.id(), null, 1, "LISTED");
    long image = fixtures.image(item);

    assertThat(api.get("/api/items/" + otherItem + "/images/" + image, null).status())
        .isEqualTo(404);
  }

  private void assertSize(long item, long image, String size, int maxEdge) throws IOException {
    ApiResponse response =
        api.get("/api/items/" + item + "/images/" + image + "?size=" + size, null);
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("ETag")).matches("\"[0-9a-f]{64}\"");
    BufferedImage picture = ImageIO.read(new ByteArrayInputStream(response.body()));
    assertThat(Math.max(picture.getWidth(), picture.getHeight())).isEqualTo(maxEdge);
  }
}
