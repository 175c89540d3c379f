package dev.anemometer.auction.support;

import static dev.anemometer.auction.support.HostileEndpoint.JsonField.Kind.ENUM;
import static dev.anemometer.auction.support.HostileEndpoint.JsonField.Kind.NUMBER;
import static dev.anemometer.auction.support.HostileEndpoint.JsonField.Kind.STRING;

import dev.anemometer.auction.support.HostileEndpoint.JsonField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every API endpoint, for the hostile-input test. <b>Extension point:</b> an endpoint added to the
 * API gets its line here (the live-auction endpoints in {@link #liveAuction()}), and the test
 * attacks it with every variant it knows.
 */
public final class HostileEndpoints {

  /** Bad values for ?page and ?size of every paged list. */
  public static final Map<String, List<String>> PAGING =
      Map.of(
          "page",
          List.of("-1", "abc", "1.5", "2147483648", "99999999999999999999", "1e400", Hostile.SQL),
          "size",
          List.of("0", "-1", "101", "abc", "99999999999999999999", "1e400", Hostile.SQL));

  private HostileEndpoints() {}

  public static List<HostileEndpoint> all(String callerEmail) {
    List<HostileEndpoint> endpoints = new ArrayList<>(core(callerEmail));
    endpoints.addAll(liveAuction());
    return endpoints;
  }

  static List<HostileEndpoint> core(String callerEmail) {
    return List.of(
        HostileEndpoint.plain("Login", "POST", "/api/login", false, false)
            .withJson(
                List.of(
                    new JsonField("username", STRING, '"' + callerEmail + '"'),
                    // A wrong password, so that no variant can log in.
                    new JsonField("password", STRING, "\"not-the-password\"")),
                Map.of()),
        HostileEndpoint.plain("Logout", "POST", "/api/logout", true, false),
        HostileEndpoint.plain("GetUserProfile", "GET", "/api/users/{userId}", true, true),
        HostileEndpoint.plain("UpdateUserProfile", "PUT", "/api/users/{userId}", true, true)
            .withJson(
                List.of(
                    new JsonField("firstName", STRING, "\"Hostile\""),
                    new JsonField("lastName", STRING, "\"Tester\"")),
                Map.of("firstName", "\"\"", "lastName", "\"\"")),
        HostileEndpoint.plain("GetActiveAuctions", "GET", "/api/auctions/live", true, false)
            .withQuery(PAGING),
        HostileEndpoint.plain("GetAuctionDetail", "GET", "/api/auctions/{auctionId}", true, false),
        HostileEndpoint.plain(
                "GetAuctionItems", "GET", "/api/auctions/{auctionId}/items", true, false)
            .withQuery(PAGING),
        HostileEndpoint.plain(
            "JoinAuction", "POST", "/api/auctions/{auctionId}/attendance", true, false),
        HostileEndpoint.plain(
            "LeaveAuction", "DELETE", "/api/auctions/{auctionId}/attendance", true, false),
        HostileEndpoint.plain("GetItemDetail", "GET", "/api/items/{itemId}", true, false),
        HostileEndpoint.plain("AddItem", "POST", "/api/items", true, false)
            .withJson(
                List.of(
                    new JsonField("shortDescription", STRING, "\"A lamp\""),
                    new JsonField("longDescription", STRING, "\"A brass lamp\""),
                    new JsonField("manufacturer", STRING, "\"Acme\""),
                    new JsonField("condition", ENUM, "\"USED\""),
                    new JsonField("startingBid", NUMBER, "12.50")),
                Map.of("startingBid", "-1", "condition", "\"BROKEN\"")),
        HostileEndpoint.plain("AddImageForItem", "POST", "/api/items/{itemId}/images", true, true)
            .asUpload(),
        HostileEndpoint.plain(
                "GetImageForItem", "GET", "/api/items/{itemId}/images/{imageId}", false, false)
            .withQuery(Map.of("size", List.of("HUGE", "thumbnail ", "1e400", Hostile.SQL))),
        HostileEndpoint.plain("GetBidHistory", "GET", "/api/users/{userId}/bids", true, true)
            .withQuery(PAGING),
        HostileEndpoint.plain(
                "GetAttendanceHistory", "GET", "/api/users/{userId}/attendance", true, true)
            .withQuery(PAGING),
        HostileEndpoint.plain(
                "GetPurchaseHistory", "GET", "/api/users/{userId}/purchases", true, true)
            .withQuery(PAGING));
  }

  /**
   * The live-auction endpoints. PlaceBid's valid amount is one the caller could send, but every
   * variant derived from it is broken elsewhere (token, id, body), so none may be accepted.
   * GetNextBid's {@code after} is left out of the path: with it missing or bad the long poll is
   * refused before it parks, so no variant waits for the poll timeout.
   */
  static List<HostileEndpoint> liveAuction() {
    return List.of(
        HostileEndpoint.plain(
            "GetCurrentItem", "GET", "/api/auctions/{auctionId}/current-item", true, false),
        HostileEndpoint.plain(
                "GetNextBid",
                "GET",
                "/api/auctions/{auctionId}/items/{itemId}/next-bid",
                true,
                false)
            .withQuery(
                Map.of(
                    "after", List.of("-1", "abc", "1.5", "2147483648", "1e400", "", Hostile.SQL))),
        HostileEndpoint.plain(
                "PlaceBid", "POST", "/api/auctions/{auctionId}/items/{itemId}/bids", true, false)
            .withJson(List.of(new JsonField("amount", NUMBER, "11.00")), Map.of()));
  }
}
