package dev.anemometer.auction.image;

import java.util.Map;

/** What an upload answers: the new image's id and the pixel size of each stored size. */
public record UploadedImage(
    long id, long itemId, int position, Map<ImageSize, String> dimensions) {}
