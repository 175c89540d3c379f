package dev.anemometer.driver.operation;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * What reading the app's answers costs the driver: each body as the operations read it (a {@link
 * JsonShape}, one streaming pass) against the reference of a Jackson tree of the whole body, in the
 * same JVM and run. Prints nanoseconds and bytes allocated per body, and the totals per hundred
 * operations of the default mix (SPEC §3.2).
 *
 * <p>Usage: {@code JsonReadBench [SECONDS_PER_MEASUREMENT]} (default 3; a warm-up of the same
 * length runs first).
 */
public final class JsonReadBench {

  /** One kind of answer: its body, the shape operations read, how many per 100 operations. */
  record Body(String name, byte[] json, JsonShape shape, double perHundredOperations) {}

  /** The cost of reading one body one way. */
  record Cost(double nanos, double bytes) {}

  private static volatile Object sink;

  public static void main(String[] args) {
    double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
    List<Body> bodies = bodies();
    System.out.printf(
        Locale.ROOT,
        "%-16s %6s %5s | %9s %9s | %9s %9s | %6s %6s%n",
        "body",
        "bytes",
        "/100",
        "tree ns",
        "tree B",
        "shape ns",
        "shape B",
        "ns ×",
        "B ×");
    double treeNanos = 0;
    double treeBytes = 0;
    double shapeNanos = 0;
    double shapeBytes = 0;
    for (Body body : bodies) {
      measure(body, true, seconds);
      measure(body, false, seconds);
      Cost tree = measure(body, true, seconds);
      Cost shape = measure(body, false, seconds);
      System.out.printf(
          Locale.ROOT,
          "%-16s %6d %5.2f | %9.0f %9.0f | %9.0f %9.0f | %6.2f %6.2f%n",
          body.name(),
          body.json().length,
          body.perHundredOperations(),
          tree.nanos(),
          tree.bytes(),
          shape.nanos(),
          shape.bytes(),
          shape.nanos() / tree.nanos(),
          shape.bytes() / tree.bytes());
      treeNanos += tree.nanos() * body.perHundredOperations();
      treeBytes += tree.bytes() * body.perHundredOperations();
      shapeNanos += shape.nanos() * body.perHundredOperations();
      shapeBytes += shape.bytes() * body.perHundredOperations();
    }
    System.out.printf(
        Locale.ROOT,
        "per 100 operations of the default mix: tree %.1f µs %.0f kB, shape %.1f µs %.0f kB:"
            + " shape/tree %.2f × CPU, %.2f × allocation%n",
        treeNanos / 1000,
        treeBytes / 1000,
        shapeNanos / 1000,
        shapeBytes / 1000,
        shapeNanos / treeNanos,
        shapeBytes / treeBytes);
  }

  private static Cost measure(Body body, boolean tree, double seconds) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    long deadline = System.nanoTime() + (long) (seconds * 1e9);
    long reads = 0;
    long bytesBefore = threads.getThreadAllocatedBytes(thread);
    long start = System.nanoTime();
    while (System.nanoTime() < deadline) {
      for (int i = 0; i < 1000; i++) {
        sink = tree ? readTree(body.json()) : body.shape().read(body.json());
      }
      reads += 1000;
    }
    long nanos = System.nanoTime() - start;
    long bytes = threads.getThreadAllocatedBytes(thread) - bytesBefore;
    return new Cost((double) nanos / reads, (double) bytes / reads);
  }

  private static JsonNode readTree(byte[] json) {
    return Exchange.JSON.readTree(json);
  }

  /** Answers as the app writes them (field names and sizes of its views), weighted by the mix. */
  static List<Body> bodies() {
    List<Body> bodies = new ArrayList<>();
    String highBid = "{\"amount\":412.36,\"bidderId\":18342,\"bidCount\":57,\"state\":\"OPEN\"}";
    bodies.add(
        body(
            "next bid",
            "{\"itemId\":90412,\"amount\":412.36,\"bidderId\":18342,\"bidCount\":57,"
                + "\"state\":\"OPEN\"}",
            JsonReads.NEXT_BID,
            46.43));
    bodies.add(
        body(
            "current item",
            "{\"auctionId\":311,\"itemId\":90412,\"sellerId\":5521,\"position\":7,"
                + item("shortDescription")
                + ",\"startingBid\":25.00,\"state\":\"OPEN\",\"imageIds\":[180824,180825,180826],"
                + "\"highBid\":"
                + highBid
                + "}",
            JsonReads.CURRENT_ITEM,
            4.69 + 5.23));
    bodies.add(body("live auctions", page(5, JsonReadBench::auction), JsonReads.PAGE, 10.95));
    bodies.add(body("auction", auction(311), JsonShape.NONE, 3.90 + 4.69));
    bodies.add(body("auction items", page(5, JsonReadBench::itemDetail), JsonReads.PAGE, 3.90));
    bodies.add(body("item", itemDetail(90412), JsonReads.ITEM, 3.91));
    bodies.add(body("history", page(5, JsonReadBench::itemDetail), JsonReads.PAGE, 3 * 2.35));
    bodies.add(
        body(
            "bid answer",
            "{\"bidId\":7719402,\"itemId\":90412,\"amount\":420.60,\"outcome\":\"HIGH_BID\","
                + "\"highBid\":"
                + highBid
                + "}",
            JsonReads.BID_ANSWER,
            2.20));
    bodies.add(
        body(
            "login",
            "{\"userId\":18342,\"token\":\"6f1c2d0e-8a4b-4c1e-9d7a-3b2f5e6a7c8d\","
                + "\"expiresAt\":\"2026-11-25T12:00:00Z\"}",
            JsonReads.LOGIN,
            2.35));
    bodies.add(
        body(
            "profile",
            "{\"id\":18342,\"email\":\"user18342@auction.test\",\"firstName\":\"First18342\","
                + "\"lastName\":\"Last77\",\"creditLimit\":10000.00,\"authorities\":[\"USER\"]}",
            JsonReads.PROFILE,
            2.35));
    bodies.add(body("created", itemDetail(555001), JsonReads.CREATED, 2.35));
    return bodies;
  }

  private static Body body(String name, String json, JsonShape shape, double weight) {
    return new Body(name, json.getBytes(StandardCharsets.UTF_8), shape, weight);
  }

  private static String auction(long id) {
    return "{\"id\":"
        + id
        + ",\"name\":\"Auction "
        + id
        + " of the Anemometer collection\",\"category\":\"Antiques\","
        + "\"startTime\":\"2026-11-25T09:00:00Z\",\"state\":\"RUNNING\"}";
  }

  private static String itemDetail(long id) {
    return "{\"id\":"
        + id
        + ",\"auctionId\":311,\"sellerId\":5521,\"position\":7,"
        + item("shortDescription")
        + ",\"startingBid\":25.00,\"state\":\"OPEN\",\"createdAt\":\"2026-11-20T08:15:30Z\","
        + "\"imageIds\":[180824,180825,180826]}";
  }

  private static String item(String firstField) {
    return "\""
        + firstField
        + "\":\"Walnut writing desk, early 1900s\","
        + "\"longDescription\":\"A walnut writing desk with three drawers and brass handles, "
        + "restored in 2019. Light wear on the top, all drawers run smoothly. Collection only; "
        + "dimensions 120 x 60 x 76 cm.\",\"manufacturer\":\"Maker 42\",\"condition\":\"USED\"";
  }

  private static String page(int items, java.util.function.LongFunction<String> item) {
    StringBuilder json = new StringBuilder("{\"items\":[");
    for (int i = 0; i < items; i++) {
      json.append(i == 0 ? "" : ",").append(item.apply(1000 + i));
    }
    return json.append("],\"page\":0,\"size\":5,\"total\":612}").toString();
  }
}
