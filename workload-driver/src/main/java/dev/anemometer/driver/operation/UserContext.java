package dev.anemometer.driver.operation;

import dev.anemometer.driver.http.HttpSession;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What one simulated user remembers between operations: its login, the auctions and items it has
 * seen and the auctions it follows. Touched only on the user's session thread, so no locks.
 */
public final class UserContext {

  private final HttpSession session;
  private final SplittableRandom random;
  private final int account;
  private final AuctionsInPlay auctionsInPlay;
  private final Map<Long, FollowedAuction> followed = new LinkedHashMap<>();

  private long userId = -1;
  private long[] liveAuctionIds = new long[0];
  private long liveAuctionFirstRank;
  private long liveAuctionTotal = -1;
  private List<ItemRef> auctionItems = List.of();
  private ItemRef itemDetail;
  private long addedItemId = -1;
  private String firstName = "";
  private String lastName = "";

  /**
   * @param account number i of the account this user logs in with ({@code user{i}@auction.test})
   */
  public UserContext(HttpSession session, SplittableRandom random, int account) {
    this(session, random, account, AuctionsInPlay.all());
  }

  /**
   * @param auctionsInPlay the target's live auctions this user may join, shared by its users
   */
  public UserContext(
      HttpSession session, SplittableRandom random, int account, AuctionsInPlay auctionsInPlay) {
    this.session = session;
    this.random = random;
    this.account = account;
    this.auctionsInPlay = auctionsInPlay;
  }

  public HttpSession session() {
    return session;
  }

  public SplittableRandom random() {
    return random;
  }

  public int account() {
    return account;
  }

  public boolean loggedIn() {
    return userId >= 0;
  }

  public long userId() {
    return userId;
  }

  /** Whether the last page of live auctions said there are none. */
  public boolean noLiveAuctions() {
    return liveAuctionTotal == 0;
  }

  /** Whether the last page of live auctions lists one in play this user does not follow yet. */
  public boolean joinableAuctionSeen() {
    for (int i = 0; i < liveAuctionIds.length; i++) {
      if (joinable(i)) {
        return true;
      }
    }
    return false;
  }

  private boolean joinable(int index) {
    return !followed.containsKey(liveAuctionIds[index])
        && auctionsInPlay.inPlay(liveAuctionFirstRank + index, liveAuctionTotal);
  }

  public Collection<FollowedAuction> followed() {
    return followed.values();
  }

  /** Forgets the login and everything seen (a user logging out or starting over). */
  public void forget() {
    userId = -1;
    liveAuctionIds = new long[0];
    liveAuctionTotal = -1;
    auctionItems = List.of();
    itemDetail = null;
    addedItemId = -1;
    followed.clear();
    session.clearCredentials();
  }

  void loggedIn(long userId, String token) {
    this.userId = userId;
    session.bearerToken(token);
  }

  long liveAuctionTotal() {
    return liveAuctionTotal;
  }

  /** How many of the target's live auctions are in play now, given the last total seen. */
  long liveAuctionsInPlay() {
    return auctionsInPlay.count(liveAuctionTotal);
  }

  /**
   * @param firstRank position of {@code ids[0]} in the whole live list
   */
  void liveAuctions(long[] ids, long total, long firstRank) {
    this.liveAuctionIds = ids;
    this.liveAuctionTotal = total;
    this.liveAuctionFirstRank = firstRank;
  }

  long[] liveAuctionIds() {
    return liveAuctionIds;
  }

  long randomUnfollowedAuction() {
    List<Long> candidates = new ArrayList<>();
    for (int i = 0; i < liveAuctionIds.length; i++) {
      if (joinable(i)) {
        candidates.add(liveAuctionIds[i]);
      }
    }
    return candidates.isEmpty() ? -1 : candidates.get(random.nextInt(candidates.size()));
  }

  void follow(FollowedAuction auction) {
    followed.put(auction.auctionId(), auction);
  }

  void unfollow(long auctionId) {
    followed.remove(auctionId);
  }

  /**
   * Lets go of followed auctions that are no longer in play, as a user closes a tab: when the users
   * drop (a findMax probe below the last, a falling load path), the auctions in play drop with
   * them, and followers left on the others would thin out the followers per auction the mix rests
   * on.
   */
  public void leaveAuctionsOutOfPlay() {
    followed.values().removeIf(auction -> !auctionsInPlay.inPlay(auction.rank(), liveAuctionTotal));
  }

  /** The live-list position of an auction on the last page seen; 0 if not on it. */
  long rankOf(long auctionId) {
    for (int i = 0; i < liveAuctionIds.length; i++) {
      if (liveAuctionIds[i] == auctionId) {
        return liveAuctionFirstRank + i;
      }
    }
    return 0;
  }

  /** Stops following an auction whose follower failed, so that the user may join again. */
  public void dropFollowed(long auctionId) {
    unfollow(auctionId);
  }

  List<ItemRef> auctionItems() {
    return auctionItems;
  }

  void auctionItems(List<ItemRef> items) {
    this.auctionItems = List.copyOf(items);
  }

  ItemRef itemDetail() {
    return itemDetail;
  }

  void itemDetail(ItemRef item) {
    this.itemDetail = item;
  }

  long addedItemId() {
    return addedItemId;
  }

  void addedItemId(long itemId) {
    this.addedItemId = itemId;
  }

  String firstName() {
    return firstName;
  }

  String lastName() {
    return lastName;
  }

  void profile(String firstName, String lastName) {
    this.firstName = firstName;
    this.lastName = lastName;
  }
}
