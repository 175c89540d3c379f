package dev.anemometer.auction.image;

import dev.anemometer.auction.system.security.AuthenticatedUser;
import dev.anemometer.auction.system.web.ApiException;
import dev.anemometer.auction.system.web.ProblemType;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** AddImageForItem (multipart, part "file") and GetImageForItem (public, cacheable). */
@RestController
@RequestMapping("/api/items/{itemId}/images")
class ImageController {

  private static final CacheControl CACHE_FOR_A_DAY =
      CacheControl.maxAge(Duration.ofDays(1)).cachePublic().immutable();
  private static final MediaType JPEG = MediaType.IMAGE_JPEG;

  private final ImageService images;

  ImageController(ImageService images) {
    this.images = images;
  }

  @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
  ResponseEntity<UploadedImage> upload(
      AuthenticatedUser caller,
      @PathVariable long itemId,
      @RequestParam("file") MultipartFile file) {
    if (file.isEmpty()) {
      throw new ApiException(ProblemType.VALIDATION, "the part 'file' is empty");
    }
    UploadedImage image = images.upload(caller.userId(), itemId, bytesOf(file));
    URI location = URI.create("/api/items/" + itemId + "/images/" + image.id());
    return ResponseEntity.status(HttpStatus.CREATED).location(location).body(image);
  }

  @GetMapping("/{imageId}")
  ResponseEntity<byte[]> image(
      @PathVariable long itemId,
      @PathVariable long imageId,
      @RequestParam(defaultValue = "FULL") ImageSize size,
      @RequestHeader(name = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
    StoredImage image = images.content(imageId, size);
    if (image.itemId() != itemId) {
      throw ApiException.notFound("image", imageId);
    }
    String etag = '"' + image.etag() + '"';
    if (EntityTags.matches(ifNoneMatch, image.etag())) {
      return ResponseEntity.status(HttpStatus.NOT_MODIFIED)
          .eTag(etag)
          .cacheControl(CACHE_FOR_A_DAY)
          .build();
    }
    return ResponseEntity.ok()
        .contentType(JPEG)
        .eTag(etag)
        .cacheControl(CACHE_FOR_A_DAY)
        .body(image.data());
  }

  private static byte[] bytesOf(MultipartFile file) {
    try {
      return file.getBytes();
    } catch (IOException e) {
      throw new ApiException(ProblemType.BAD_REQUEST, "the upload could not be read");
    }
  }
}
