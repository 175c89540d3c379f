package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.auction.liveauction.LiveTraffic.Ack;
import dev.anemometer.auction.liveauction.LiveTraffic.Poll;
import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import dev.anemometer.auction.support.LiveAuctionFixture.HighBidRow;
import dev.anemometer.auction.support.TestPostgres;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 2, must show 2: two app servers on one database, 60 concurrent bidders on the same items
 * through both, long polls parked on both, items allowed to close; then the database is audited
 * against every response the clients received.
 */
class TwoServerLiveAuctionIT {

  private static final BigDecimal START = new BigDecimal("10.00");
  private static final BigDecimal CAP = new BigDecimal("100.00");
  private static final BigDecimal CREDIT = new BigDecimal("1000000.00");
  private static final int BIDDERS = 60;
  private static final int FOLLOWERS_PER_SERVER = 8;
  private static final int CONTESTED_ITEMS = 3;
  private static final int POLLS_PER_SERVER = 10;
  private static final Duration FAR = Duration.ofMinutes(10);
  private static final Duration WAIT = Duration.ofSeconds(90);

  private static final Logger log = LoggerFactory.getLogger(TwoServerLiveAuctionIT.class);

  private final JsonHttpClient api = new JsonHttpClient();

  @Test
  void highestAcknowledgedBidWinsAcrossTwoServers() throws Exception {
    TestPostgres.Database database = TestPostgres.newDatabase();
    Map<String, String> clock =
        Map.of(
            "anemometer.live-auction.open-duration", "2s",
            "anemometer.live-auction.last-call-duration", "1s",
            "anemometer.live-auction.clock-tick", "100ms",
            "anemometer.live-auction.poll-timeout", "20s");
    LiveAuctionFixture fixture;
    LiveTraffic traffic;
    List<Ack> crossServerAcks = new ArrayList<>();
    double bidsCountedByServers;
    try (InJvmAppServer a = InJvmAppServer.start(database, clock);
        InJvmAppServer b = InJvmAppServer.start(database, clock)) {
      fixture = LiveAuctionFixture.on(database);

      crossServerAcks.add(pollsParkedOnOneServerAreWokenByABidOnTheOther(fixture, a, b));
      crossServerAcks.add(pollsParkedOnOneServerAreWokenByABidOnTheOther(fixture, b, a));

      Auction auction = fixture.runningAuction(8, START, FAR);
      traffic = storm(fixture, auction, a, b);
      bidsCountedByServers = bidsCounted(a) + bidsCounted(b);
    }

    List<Ack> acks = new ArrayList<>(traffic.acks);
    assertThat(traffic.failures).as("every request answered as expected").isEmpty();
    assertThat(acks).hasSizeGreaterThan(BIDDERS * 2);
    assertThat(bidsCountedByServers).isEqualTo(acks.size() + crossServerAcks.size());
    acks.addAll(crossServerAcks);
    everyAcknowledgedBidIsStored(fixture, acks);
    List<Long> contested = contestedItems(fixture, traffic);
    for (long item : contested) {
      theLargestAcceptedBidWinsTheItem(fixture, item, traffic);
    }
    winnersArePaidOnce(fixture, traffic, contested);
    pollsOnEachServerWereWokenByBidsOnTheOther(traffic);
  }

  /** Parks polls on {@code parkOn} only, bids on {@code bidOn} only; every poll must wake. */
  private Ack pollsParkedOnOneServerAreWokenByABidOnTheOther(
      LiveAuctionFixture fixture, InJvmAppServer parkOn, InJvmAppServer bidOn) throws Exception {
    Auction auction = fixture.runningAuction(1, START, FAR);
    long item = auction.itemIds().get(0);
    LongPollRegistry parked = parkOn.bean(LongPollRegistry.class);
    int parkedBefore = parked.parkedCount();
    List<CompletableFuture<Response>> polls = new ArrayList<>();
    for (int i = 0; i < POLLS_PER_SERVER; i++) {
      String token = parkOn.token(fixture.user(CREDIT));
      polls.add(api.getAsync(parkOn.uri(nextBidPath(auction, item, 0)), token));
    }
    await("the polls to park")
        .atMost(WAIT)
        .until(() -> parked.parkedCount() == parkedBefore + POLLS_PER_SERVER);
    assertThat(bidOn.bean(LongPollRegistry.class).parkedCount()).isZero();

    long bidder = fixture.user(CREDIT);
    Response bid =
        api.postJson(
            bidOn.uri("/api/auctions/" + auction.id() + "/items/" + item + "/bids"),
            bidOn.token(bidder),
            "{\"amount\": 15.00}");
    assertThat(bid.json().get("outcome").asString()).isEqualTo("ACCEPTED_HIGH");

    for (CompletableFuture<Response> poll : polls) {
      Response answer = poll.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(answer.status()).as("woken before the poll timeout").isEqualTo(200);
      assertThat(answer.json().get("bidCount").asInt()).isEqualTo(1);
      assertThat(answer.json().get("amount").decimalValue()).isEqualByComparingTo("15.00");
      assertThat(answer.json().get("bidderId").asLong()).isEqualTo(bidder);
    }
    return new Ack(
        "cross",
        bidder,
        item,
        new BigDecimal("15.00"),
        201,
        bid.json().get("bidId").asLong(),
        "ACCEPTED_HIGH",
        new BigDecimal("15.00"),
        bidder,
        1);
  }

  /** 60 bidders and 16 followers on one auction, half through each server. */
  private LiveTraffic storm(
      LiveAuctionFixture fixture, Auction auction, InJvmAppServer a, InJvmAppServer b)
      throws Exception {
    Set<Long> contested = new HashSet<>(auction.itemIds().subList(0, CONTESTED_ITEMS));
    long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
    LiveTraffic traffic = new LiveTraffic(api, auction.id(), contested, START, CAP, deadline);
    ExecutorService threads = Executors.newCachedThreadPool();
    List<Future<?>> running = new ArrayList<>();
    long startNanos = System.nanoTime();
    try {
      for (int i = 0; i < BIDDERS; i++) {
        InJvmAppServer server = i % 2 == 0 ? a : b;
        String name = i % 2 == 0 ? "A" : "B";
        long bidder = fixture.user(CREDIT);
        String token = server.token(bidder);
        running.add(threads.submit(() -> traffic.bidder(name, server, bidder, token)));
      }
      for (int i = 0; i < FOLLOWERS_PER_SERVER * 2; i++) {
        InJvmAppServer server = i % 2 == 0 ? a : b;
        String name = i % 2 == 0 ? "A" : "B";
        String token = server.token(fixture.user(CREDIT));
        running.add(threads.submit(() -> traffic.follower(name, server, token)));
      }
      for (Future<?> participant : running) {
        participant.get(5, TimeUnit.MINUTES);
      }
    } finally {
      threads.shutdownNow();
    }
    Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
    log.info(
        "storm: {} bids ({} accepted) and {} answered polls in {} ms, {} bids/s over two servers",
        traffic.acks.size(),
        traffic.acks.stream().filter(ack -> "ACCEPTED_HIGH".equals(ack.outcome())).count(),
        traffic.polls.size(),
        took.toMillis(),
        traffic.acks.size() * 1000L / Math.max(1, took.toMillis()));
    return traffic;
  }

  private static void everyAcknowledgedBidIsStored(LiveAuctionFixture fixture, List<Ack> acks) {
    Map<Long, Map<String, Object>> stored = new HashMap<>();
    fixture
        .jdbc()
        .queryForList("SELECT id, item_id, bidder_id, amount, outcome FROM bid")
        .forEach(row -> stored.put(((Number) row.get("id")).longValue(), row));
    for (Ack ack : acks) {
      Map<String, Object> row = stored.get(ack.bidId());
      assertThat(row).as("stored: %s", ack).isNotNull();
      assertThat(((Number) row.get("item_id")).longValue()).isEqualTo(ack.itemId());
      assertThat(((Number) row.get("bidder_id")).longValue()).isEqualTo(ack.bidderId());
      assertThat((BigDecimal) row.get("amount")).isEqualByComparingTo(ack.amount());
      assertThat(row.get("outcome")).isEqualTo(ack.outcome());
    }
    assertThat(stored).as("no bid stored that was not acknowledged").hasSize(acks.size());
  }

  private static List<Long> contestedItems(LiveAuctionFixture fixture, LiveTraffic traffic) {
    List<Long> items = traffic.acks.stream().map(Ack::itemId).distinct().sorted().toList();
    assertThat(items).hasSize(CONTESTED_ITEMS);
    return items;
  }

  private static void theLargestAcceptedBidWinsTheItem(
      LiveAuctionFixture fixture, long item, LiveTraffic traffic) {
    List<Ack> accepted =
        traffic.acks.stream()
            .filter(ack -> ack.itemId() == item && "ACCEPTED_HIGH".equals(ack.outcome()))
            .toList();
    Ack highest = accepted.stream().max(Comparator.comparing(Ack::amount)).orElseThrow();
    HighBidRow row = fixture.highBid(item);
    assertThat(row.state()).isEqualTo("SOLD");
    assertThat(fixture.itemState(item)).isEqualTo("SOLD");
    assertThat(row.amount()).isEqualByComparingTo(highest.amount());
    assertThat(row.bidderId()).isEqualTo(highest.bidderId());
    assertThat(accepted.stream().filter(ack -> ack.amount().compareTo(highest.amount()) == 0))
        .as("exactly one winner")
        .hasSize(1);
    assertThat(accepted.stream().map(Ack::highCount).distinct().count())
        .as("every accepted bid made its own change")
        .isEqualTo(accepted.size());
    List<BigDecimal> inCommitOrder =
        fixture
            .jdbc()
            .queryForList(
                "SELECT amount FROM bid WHERE item_id = ? AND outcome = 'ACCEPTED_HIGH' ORDER BY id",
                BigDecimal.class,
                item);
    assertThat(inCommitOrder)
        .as("accepted bids only ever rise")
        .isSortedAccordingTo(BigDecimal::compareTo);
    assertThat(new HashSet<>(inCommitOrder)).hasSameSizeAs(inCommitOrder);
  }

  private static void winnersArePaidOnce(
      LiveAuctionFixture fixture, LiveTraffic traffic, List<Long> contested) {
    Map<Long, BigDecimal> owed = new HashMap<>();
    for (long item : contested) {
      HighBidRow row = fixture.highBid(item);
      owed.merge(row.bidderId(), row.amount(), BigDecimal::add);
    }
    Set<Long> bidders = new HashSet<>();
    traffic.acks.forEach(ack -> bidders.add(ack.bidderId()));
    for (long bidder : bidders) {
      assertThat(fixture.credit(bidder))
          .as("credit of bidder %d", bidder)
          .isEqualByComparingTo(CREDIT.subtract(owed.getOrDefault(bidder, BigDecimal.ZERO)));
    }
  }

  /**
   * A parked poll is only ever woken through LISTEN/NOTIFY; here each server must have woken polls
   * with changes that bids on the other server made (matched by item and bid count).
   */
  private static void pollsOnEachServerWereWokenByBidsOnTheOther(LiveTraffic traffic) {
    for (Poll poll : traffic.polls) {
      if (poll.status() == 200) {
        assertThat(poll.count())
            .as("a poll answers with a newer count: %s", poll)
            .isGreaterThan(poll.after());
      }
    }
    Map<String, String> acceptedBy = new HashMap<>();
    traffic.acks.stream()
        .filter(ack -> "ACCEPTED_HIGH".equals(ack.outcome()))
        .forEach(ack -> acceptedBy.put(ack.itemId() + ":" + ack.highCount(), ack.server()));
    for (String server : List.of("A", "B")) {
      long wokenByOther =
          traffic.polls.stream()
              .filter(poll -> poll.server().equals(server) && poll.status() == 200)
              .map(poll -> acceptedBy.get(poll.itemId() + ":" + poll.count()))
              .filter(bidServer -> bidServer != null && !bidServer.equals(server))
              .count();
      assertThat(wokenByOther)
          .as("polls on %s woken by bids on the other server", server)
          .isPositive();
    }
  }

  private static double bidsCounted(InJvmAppServer server) {
    return server.bean(MeterRegistry.class).get("anemometer.bids").counters().stream()
        .mapToDouble(counter -> counter.count())
        .sum();
  }

  private static String nextBidPath(Auction auction, long item, int after) {
    return "/api/auctions/" + auction.id() + "/items/" + item + "/next-bid?after=" + after;
  }
}
