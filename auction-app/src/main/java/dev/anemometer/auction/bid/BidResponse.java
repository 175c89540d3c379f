package dev.anemometer.auction.bid;

import dev.anemometer.auction.liveauction.HighBidView;

/**
 * The judgement of a bid, sent once it is durable.
 *
 * @param bidId the stored bid row, so that an audit can match every acknowledgement to it
 * @param outcome what happened to the bid
 * @param highBid the item's high bid after the bid (null if the item was never active)
 */
record BidResponse(long bidId, BidOutcome outcome, HighBidView highBid) {}
