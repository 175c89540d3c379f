package dev.anemometer.driver.operation;

/**
 * Where users report every bid the app acknowledged (PlaceBid answered 201 with a {@code bidId}),
 * so that the run can be audited against the database afterwards. Called on the users' event-loop
 * threads: implementations must be cheap and thread-safe.
 */
@FunctionalInterface
public interface AcknowledgedBidSink {

  AcknowledgedBidSink NONE = (bidId, itemId, bidderId, amountCents, outcome) -> {};

  /**
   * @param bidderId the user's id, or -1 when unknown
   * @param amountCents the amount bid, in cents (the app keeps two decimals)
   * @param outcome the outcome of the reply ({@code ACCEPTED_HIGH}, {@code OUTBID}, …)
   */
  void acknowledged(long bidId, long itemId, long bidderId, long amountCents, String outcome);
}
