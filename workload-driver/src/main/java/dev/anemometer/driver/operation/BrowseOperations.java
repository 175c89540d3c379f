package dev.anemometer.driver.operation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Looking around: live auctions, an auction's items, an item, its images, the user's history. */
final class BrowseOperations {

  private final int pageSize;

  BrowseOperations(int pageSize) {
    this.pageSize = pageSize;
  }

  CompletionStage<OperationOutcome> activeAuctions(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    // Only the pages that hold auctions in play: the others could not be joined. A session's first
    // look does not know the total yet; it still spreads over the auctions in play, which follow
    // the users: always asking for page 0 there crowded every new session onto the first five.
    long inPlay = user.liveAuctionsInPlay();
    long listed = inPlay == Long.MAX_VALUE ? pageSize : inPlay;
    int pages = (int) Math.max(1, Math.min(Integer.MAX_VALUE, (listed + pageSize - 1) / pageSize));
    int page = user.random().nextInt(pages);
    Call call = Call.get(ApiPaths.liveAuctions(page, pageSize), ApiPaths.LIVE_AUCTIONS);
    return exchange.finish(
        exchange
            .json(call, JsonReads.PAGE, 200)
            .thenAccept(
                answer -> {
                  long total = JsonReads.requiredLong(answer, ApiFields.TOTAL, call);
                  List<ItemRef> auctions = JsonReads.itemRefs(answer, call);
                  long[] ids = new long[auctions.size()];
                  for (int i = 0; i < ids.length; i++) {
                    ids[i] = auctions.get(i).itemId();
                  }
                  user.liveAuctions(ids, total, (long) page * pageSize);
                }));
  }

  CompletionStage<OperationOutcome> auctionDetail(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    long[] seen = user.liveAuctionIds();
    if (seen.length == 0) {
      return exchange.finish(failed("no auction seen before GetAuctionDetail"));
    }
    long auctionId = seen[user.random().nextInt(seen.length)];
    Call items = Call.get(ApiPaths.auctionItems(auctionId, pageSize), ApiPaths.AUCTION_ITEMS);
    return exchange.finish(
        exchange
            .json(Call.get(ApiPaths.auction(auctionId), ApiPaths.AUCTION), JsonShape.NONE, 200)
            .thenCompose(auction -> exchange.json(items, JsonReads.PAGE, 200))
            .thenCompose(
                page -> {
                  List<ItemRef> refs = JsonReads.itemRefs(page, items);
                  user.auctionItems(refs);
                  return exchange.concurrently(firstImages(refs, ApiFields.THUMBNAIL));
                }));
  }

  CompletionStage<OperationOutcome> itemDetail(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    List<ItemRef> seen = user.auctionItems();
    if (seen.isEmpty()) {
      return exchange.finish(failed("no item seen before GetItemDetail"));
    }
    long itemId = seen.get(user.random().nextInt(seen.size())).itemId();
    Call call = Call.get(ApiPaths.item(itemId), ApiPaths.ITEM);
    return exchange.finish(
        exchange
            .json(call, JsonReads.ITEM, 200)
            .thenCompose(
                item -> {
                  ItemRef ref = new ItemRef(itemId, JsonReads.itemRef(item, call).imageIds());
                  user.itemDetail(ref);
                  return exchange.concurrently(allImages(ref, ApiFields.PREVIEW));
                }));
  }

  CompletionStage<OperationOutcome> imageForItem(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    ItemRef item = user.itemDetail();
    if (item == null || item.imageIds().isEmpty()) {
      return exchange.finish(failed("no image seen before GetImageForItem"));
    }
    long imageId = item.imageIds().get(user.random().nextInt(item.imageIds().size()));
    Call call = Call.get(ApiPaths.image(item.itemId(), imageId, ApiFields.FULL), ApiPaths.IMAGE);
    return exchange.finish(exchange.send(call, 200));
  }

  /** One page of the user's bids, attendances or purchases; purchases come with thumbnails. */
  CompletionStage<OperationOutcome> history(UserContext user, String kind, boolean thumbnails) {
    Exchange exchange = new Exchange(user.session());
    String template = ApiPaths.USER + "/" + kind;
    Call call = Call.get(ApiPaths.userHistory(user.userId(), kind, pageSize), template);
    return exchange.finish(
        exchange
            .json(call, JsonReads.PAGE, 200)
            .thenCompose(
                page -> {
                  List<JsonFields> items = JsonReads.requiredObjects(page, ApiFields.ITEMS, call);
                  return exchange.concurrently(
                      thumbnails
                          ? firstImages(purchasedItems(items), ApiFields.THUMBNAIL)
                          : List.of());
                }));
  }

  static List<Call> firstImages(List<ItemRef> items, String size) {
    List<Call> calls = new ArrayList<>();
    for (ItemRef item : items) {
      if (!item.imageIds().isEmpty()) {
        calls.add(imageCall(item.itemId(), item.imageIds().get(0), size));
      }
    }
    return calls;
  }

  static Call imageCall(long itemId, long imageId, String size) {
    return Call.get(ApiPaths.image(itemId, imageId, size), ApiPaths.IMAGE);
  }

  private static List<Call> allImages(ItemRef item, String size) {
    List<Call> calls = new ArrayList<>();
    for (long imageId : item.imageIds()) {
      calls.add(imageCall(item.itemId(), imageId, size));
    }
    return calls;
  }

  /** History entries name their item in different ways; entries without one are skipped. */
  private static List<ItemRef> purchasedItems(List<JsonFields> items) {
    List<ItemRef> refs = new ArrayList<>();
    for (JsonFields item : items) {
      if (JsonReads.itemId(item) >= 0) {
        refs.add(JsonReads.itemRef(item, null));
      }
    }
    return refs;
  }

  static <T> CompletionStage<T> failed(String reason) {
    return CompletableFuture.failedFuture(new OperationFailure(reason));
  }
}
