package dev.anemometer.driver.behavior;

import dev.anemometer.driver.behavior.FakeHttpClient.FakeSession;
import dev.anemometer.driver.behavior.FakeHttpClient.Reply;
import dev.anemometer.driver.http.HttpRequest;
import dev.anemometer.driver.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Canned answers in the shapes of SPEC §2.2, per method and path pattern. Tests replace single
 * routes to script failures, latencies or bidding. Long polls answer 204 after 30 s by default.
 */
final class FakeApp implements BiFunction<FakeSession, HttpRequest, Reply> {

  static final long LATENCY_NANOS = 10_000_000L; // 10 ms, well under any cycle time
  static final long POLL_TIMEOUT_NANOS = 30 * FakeTime.SECOND;

  private final Map<Pattern, BiFunction<Matcher, HttpRequest, Reply>> routes =
      new LinkedHashMap<>();

  FakeApp() {
    on("GET /", (m, r) -> html("<link href=\"/css/app.css\"><script src=\"/js/app.js\"></script>"));
    on("GET /css/app.css|GET /js/app.js", (m, r) -> ok("x"));
    on("POST /api/login", (m, r) -> login(r));
    on("POST /api/logout", (m, r) -> status(204));
    on("GET /api/users/(\\d+)", (m, r) -> ok("{\"id\":" + m.group(1) + ",\"firstName\":\"Ann\"}"));
    on("PUT /api/users/(\\d+)", (m, r) -> ok("{}"));
    on("GET /api/auctions/live", (m, r) -> ok(page("{\"id\":1},{\"id\":2},{\"id\":3}", 3)));
    on("GET /api/auctions/(\\d+)", (m, r) -> ok("{\"id\":" + m.group(1) + ",\"name\":\"A\"}"));
    on(
        "GET /api/auctions/(\\d+)/items",
        (m, r) -> ok(page("{\"id\":101,\"imageIds\":[7,8]},{\"id\":102,\"imageIds\":[9]}", 2)));
    on("POST /api/auctions/(\\d+)/attendance", (m, r) -> status(201));
    on("DELETE /api/auctions/(\\d+)/attendance", (m, r) -> status(204));
    on("GET /api/auctions/(\\d+)/current-item", (m, r) -> ok(currentItem(m.group(1), 3, "OPEN")));
    on(
        "GET /api/auctions/(\\d+)/items/(\\d+)/next-bid",
        (m, r) -> new Reply(response(204, ""), POLL_TIMEOUT_NANOS));
    on(
        "POST /api/auctions/(\\d+)/items/(\\d+)/bids",
        (m, r) ->
            reply(
                201,
                "{\"outcome\":\"ACCEPTED_HIGH\",\"highBid\":"
                    + highBid("21.00", 4, "OPEN", 0)
                    + "}"));
    on("GET /api/items/(\\d+)", (m, r) -> ok("{\"id\":" + m.group(1) + ",\"imageIds\":[7,8,9]}"));
    on("GET /api/items/(\\d+)/images/(\\d+)", (m, r) -> ok("jpeg"));
    on("POST /api/items", (m, r) -> reply(201, "{\"id\":555}"));
    on("POST /api/items/(\\d+)/images", (m, r) -> status(201));
    on("GET /api/users/(\\d+)/(bids|attendance)", (m, r) -> ok(page("{\"id\":1}", 1)));
    on(
        "GET /api/users/(\\d+)/purchases",
        (m, r) -> ok(page("{\"itemId\":201,\"imageIds\":[3]},{\"itemId\":202}", 2)));
  }

  /** Replaces (or adds) the route of {@code "METHOD path-regex"}. */
  FakeApp on(String methodAndPath, BiFunction<Matcher, HttpRequest, Reply> handler) {
    Pattern pattern = Pattern.compile(methodAndPath);
    routes.keySet().removeIf(existing -> existing.pattern().equals(methodAndPath));
    // Newest first, so that a test's override wins over the default route.
    Map<Pattern, BiFunction<Matcher, HttpRequest, Reply>> reordered = new LinkedHashMap<>();
    reordered.put(pattern, handler);
    reordered.putAll(routes);
    routes.clear();
    routes.putAll(reordered);
    return this;
  }

  @Override
  public Reply apply(FakeSession session, HttpRequest request) {
    String path = request.pathAndQuery();
    int query = path.indexOf('?');
    String key = request.method() + " " + (query < 0 ? path : path.substring(0, query));
    for (var route : routes.entrySet()) {
      Matcher matcher = route.getKey().matcher(key);
      if (matcher.matches()) {
        return route.getValue().apply(matcher, request);
      }
    }
    return status(404);
  }

  static String currentItem(String auctionId, long bidCount, String state) {
    long itemId = Long.parseLong(auctionId) * 100;
    return "{\"id\":"
        + itemId
        + ",\"auctionId\":"
        + auctionId
        + ",\"imageIds\":[5],\"startingBid\":10.00,\"extra\":true,\"highBid\":"
        + highBid("20.00", bidCount, state, 999)
        + "}";
  }

  static String highBid(String amount, long bidCount, String state, long bidderId) {
    return String.format(
        "{\"amount\":%s,\"bidCount\":%d,\"state\":\"%s\",\"bidderId\":%d}",
        amount, bidCount, state, bidderId);
  }

  /** A high bid the app says it committed {@code agoMicros} before now on the wall clock. */
  static String highBid(String amount, long bidCount, String state, long bidderId, long agoMicros) {
    long changedAtMicros = System.currentTimeMillis() * 1000 - agoMicros;
    return String.format(
        "{\"amount\":%s,\"bidCount\":%d,\"state\":\"%s\",\"bidderId\":%d,"
            + "\"changedAtMicros\":%d}",
        amount, bidCount, state, bidderId, changedAtMicros);
  }

  static String page(String items, int total) {
    return "{\"page\":0,\"size\":5,\"total\":" + total + ",\"items\":[" + items + "]}";
  }

  static Reply ok(String body) {
    return reply(200, body);
  }

  static Reply reply(int status, String body) {
    return new Reply(response(status, body), LATENCY_NANOS);
  }

  static Reply status(int status) {
    return reply(status, "");
  }

  static Reply html(String body) {
    return reply(200, body);
  }

  static HttpResponse response(int status, String body) {
    return new HttpResponse(
        status, body.getBytes(StandardCharsets.UTF_8), "application/json", null, 0, 1_000_000L);
  }

  private static Reply login(HttpRequest request) {
    String body = new String(request.body(), StandardCharsets.UTF_8);
    Matcher account = Pattern.compile("user(\\d+)@auction.test").matcher(body);
    if (!account.find() || !body.contains("password" + account.group(1))) {
      return status(401);
    }
    return ok("{\"userId\":" + account.group(1) + ",\"token\":\"t" + account.group(1) + "\"}");
  }
}
